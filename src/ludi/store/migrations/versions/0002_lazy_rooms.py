"""What a server needs to know of a match without rebuilding it: who is to act (the lobby's
"your turn", and which matches a bot must play on after a restart) and which address created
it (the cap on matches per address); an index on the status (the lobby's lists, the restart's
search); the table log of clocks and chat (``ludi.store.table``), which the server used to
create by itself.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ludi_matches") as batch:
        # JSON list of seats; NULL for a match stored before: unknown until it is next played
        batch.add_column(sa.Column("to_act", sa.Text, nullable=True))
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("ix_ludi_matches_status", "ludi_matches", ["status"])
    op.create_index("ix_ludi_matches_creator", "ludi_matches", ["creator"])
    tables = sa.inspect(op.get_bind()).get_table_names()
    if "ludi_table_log" not in tables:  # a server of the day before made it itself
        op.create_table(
            "ludi_table_log",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("match_id", sa.String(32), nullable=False),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("body", sa.Text, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
        op.create_index("ix_ludi_table_log_match_id", "ludi_table_log", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_ludi_matches_creator", "ludi_matches")
    op.drop_index("ix_ludi_matches_status", "ludi_matches")
    with op.batch_alter_table("ludi_matches") as batch:
        batch.drop_column("creator")
        batch.drop_column("to_act")
