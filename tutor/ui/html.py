"""The widgets' HTML, from jinja2 templates with autoescape (``tutor/ui/templates``).

A template is given messages (:class:`~tutor.engine.messages.Msg`), which it shows worded in
the page's language and escaped (``{{ message }}``: a message's ``__html__``), text, which it
escapes, and HTML the tutor made itself (a card's face, another template's output) as
:class:`markupsafe.Markup`, which it shows as it is.  No widget escapes by hand what a template
draws.  The templates are compiled once per process (a kernel forked from the zygote finds them
compiled).
"""

from __future__ import annotations

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

__all__ = ["Markup", "html"]

_ENV = Environment(loader=PackageLoader("tutor.ui", "templates"), autoescape=True,
                   trim_blocks=True, lstrip_blocks=True, undefined=StrictUndefined,
                   auto_reload=False)


def html(template: str, **context) -> Markup:
    """``template`` (a file of ``tutor/ui/templates``) drawn with ``context``."""
    return Markup(_ENV.get_template(template).render(**context))
