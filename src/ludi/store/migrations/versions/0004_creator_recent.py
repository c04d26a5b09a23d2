"""The cap on matches per address counts an address's unfinished matches of the last hour
(``SqlStore.unfinished_by``): an index on the creator and the time of creation finds those,
where the index on the creator alone read every match the address ever created (0.2 ms a
new match after a thousand from one address, in PostgreSQL, and growing with the history).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-28
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_ludi_matches_creator", "ludi_matches")
    op.create_index("ix_ludi_matches_creator_created", "ludi_matches", ["creator", "created"])


def downgrade() -> None:
    op.drop_index("ix_ludi_matches_creator_created", "ludi_matches")
    op.create_index("ix_ludi_matches_creator", "ludi_matches", ["creator"])
