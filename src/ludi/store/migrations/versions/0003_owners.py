"""Which server process owns each live match (``ludi serve`` on several processes or machines
sharing one PostgreSQL database, ``ludi.server.cluster``): one row per match held in some
node's memory, naming the node. A node is alive while it holds its advisory lock; a row naming
a node that is not is free to take.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludi_owners",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("node", sa.BigInteger, nullable=False, index=True),
        sa.Column("since", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ludi_owners")
