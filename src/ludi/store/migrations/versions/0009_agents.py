"""The agents a host lets sit at its tables (``ludi admin bot-token``, ``ludi.store.agents``):
each named agent's token, stored hashed, and the seats matches gave agents.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludi_bot_tokens",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("revoked", sa.Float, nullable=True),
    )
    op.create_table(
        "ludi_agent_seats",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("agent", sa.String(40), nullable=False),
        sa.Column("token", sa.String(128), nullable=False),
    )
    op.create_index("ix_ludi_agent_seats_agent", "ludi_agent_seats", ["agent"])


def downgrade() -> None:
    op.drop_index("ix_ludi_agent_seats_agent", "ludi_agent_seats")
    op.drop_table("ludi_agent_seats")
    op.drop_table("ludi_bot_tokens")
