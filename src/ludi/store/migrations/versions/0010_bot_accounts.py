"""Bot accounts: an agent the host issued a token for (``ludi admin bot-token``) holds an
account of its own, marked ``bot``, so its seats in rated matches count and it has a rating on
the leaderboard. A bot account never signs in: it has no password.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ludi_accounts") as batch:
        batch.add_column(sa.Column("bot", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("ludi_accounts") as batch:
        batch.drop_column("bot")
