"""The score pad: ``remikcalc serve`` puts the sheets and the engine on every phone at the table.

The only package that imports the web stack (Starlette, uvicorn, Jinja2, segno), installed with
the ``serve`` extra; the rest of remikcalc never loads it. Every rule and every write stays in
the library: a page or an API call is a form parsed, one call to the sheet book
(:mod:`remikcalc.session.book`) and a template rendered.

- :mod:`~remikcalc.web.config`: what a run serves and where it listens (``PadConfig``);
- :mod:`~remikcalc.web.shelf`: the sheets served, each with an opaque id, and their caches;
- :mod:`~remikcalc.web.guard`: the ASGI guard every request passes (host, token, origin,
  size, headers);
- :mod:`~remikcalc.web.app`: the Starlette application and its routes;
- :mod:`~remikcalc.web.server`: choosing the address, printing the join address and its QR code,
  running uvicorn until Ctrl-C.
"""
