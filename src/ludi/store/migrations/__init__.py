"""The match store's schema, versioned with Alembic: ``versions/`` holds one module per change,
applied in order by ``ludi.store.sql.migrate`` when a store is opened (``ludi serve`` does it at
start-up), so a database made by an older Ludi is brought up to date instead of stranded.

A schema change is a new module in ``versions/`` (``alembic revision`` with this directory as
its script location writes the skeleton from ``script.py.mako``), never an edit of an old one:
a database already migrated past a revision never runs it again.
"""
