"""The browser side of ``ludi serve``: static pages, plain ES modules, one SVG board per game."""
