"""Trick Tutor's server side: the Voila/Jupyter server classes that ``voila.json`` names.

Kept apart from the ``tutor`` package, which is what a lesson's kernel imports (the engine,
the games, the teaching logic and the widgets) and never imports a server module; this
package runs only in the Voila server process (``tutor_server.app_config``).
"""
