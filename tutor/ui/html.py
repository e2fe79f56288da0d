"""The widgets' HTML, from jinja2 templates with autoescape (``tutor/ui/templates``).

A template is given messages (:class:`~tutor.engine.messages.Msg`), which it shows worded in
the page's language and escaped (``{{ message }}``: a message's ``__html__``), text, which it
escapes, and HTML the tutor made itself (a card's face, another template's output) as
:class:`markupsafe.Markup`, which it shows as it is.  No widget escapes by hand what a template
draws.  The templates are compiled once per process, when this module is imported (a kernel
forked from the zygote finds them compiled).
"""

from __future__ import annotations

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from ..engine.messages import Msg, render

__all__ = ["Markup", "html", "marked", "part"]

_ENV = Environment(loader=PackageLoader("tutor.ui", "templates"), autoescape=True,
                   trim_blocks=True, lstrip_blocks=True, undefined=StrictUndefined,
                   auto_reload=False, cache_size=-1)


def _compile_all() -> None:
    """Compile every template now, at import: in the kernels' zygote (tutor_server.zygote),
    once for every kernel forked from it, and elsewhere while a new kernel waits for the
    server (tutor.preload); not at a page's first widget (some 5-20 ms a template)."""
    for name in _ENV.list_templates(extensions=("j2",)):
        _ENV.get_template(name)


_compile_all()


def html(template: str, **context) -> Markup:
    """``template`` (a file of ``tutor/ui/templates``) drawn with ``context``."""
    return Markup(_ENV.get_template(template).render(**context))


def marked(message) -> Markup:
    """``message`` (a :class:`~tutor.engine.messages.Msg`) worded and escaped, but for its
    parameters given as :class:`Markup` (HTML the tutor made), which go in as they are:
    "Due for review: <b>3</b>" from ``marked(msg("Due for review: {n}",
    n=Markup("<b>3</b>")))``."""
    held = {k: f"\x00{k}\x00" for k, v in message.params if isinstance(v, Markup)}
    plain = Msg(message.id, tuple((k, held.get(k, v)) for k, v in message.params),
                message.plural, message.n, message.context)
    text = str(Markup.escape(render(plain)))
    for k, value in message.params:
        if k in held:
            text = text.replace(held[k], str(value))
    return Markup(text)


def part(template: str, macro: str, **context) -> Markup:
    """The macro ``macro`` of ``template`` drawn with ``context`` (a template of several
    parts: the lesson map and the page header, ``nav.html.j2``)."""
    return Markup(getattr(_ENV.get_template(template).module, macro)(**context))
