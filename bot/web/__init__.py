"""The live web page of every game and the operators' endpoints (aiohttp, which discord.py already
brings): ``server`` (the application, its routes and its address), ``page`` (a game's page and its
versions), ``live`` (Server-Sent Events on each move), ``guard`` (headers and per-address limits),
``health`` (``/healthz``, ``/readyz``, ``/metrics``). It reads games through ``bot.play.spectate``
only: what a spectator may see, never a seat's view."""
