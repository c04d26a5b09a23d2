"""The operator's tables: the addresses banned (``ludi admin ban``, ``ludi.store.bans``), one
row per address or network with the reason the server gives when it refuses them; and the
matches the operator asked to end or delete (``ludi admin end``/``delete``,
``ludi.store.orders``) until the server holding them has.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludi_bans",
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "ludi_orders",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ludi_orders")
    op.drop_table("ludi_bans")
