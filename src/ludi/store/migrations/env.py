"""Alembic's entry point: run the migrations on the connection ``ludi.store.sql.migrate``
hands over (never on a URL of its own, so the store's SQLite settings hold)."""

from __future__ import annotations

from alembic import context

from ludi.store.sql import VERSION_TABLE, metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    version_table=VERSION_TABLE,
    render_as_batch=True,  # SQLite alters a table by copying it
)
with context.begin_transaction():
    context.run_migrations()
