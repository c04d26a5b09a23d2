"""Matches' reviews (issue #29): a finished match's review is made once, in the background,
and kept with the match in ``ludi_reviews``, so that everyone who replays it reads it at once.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludi_reviews",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("budget", sa.Integer, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ludi_reviews")
