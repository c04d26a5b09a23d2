"""The schema as it stood before migrations (Ludi 0.1.0, November 2026): matches, seats, the
append-only action log, snapshots.

A database made before migrations existed has these tables and no version table: it is
stamped with this revision, not created again (``ludi.store.sql.migrate``).

Revision ID: 0001
Revises:
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludi_matches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rules_version", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("actions", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "ludi_seats",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("bot", sa.String(128), nullable=True),
        sa.Column("joined", sa.Integer, nullable=False),
    )
    op.create_index("ix_ludi_seats_token_hash", "ludi_seats", ["token_hash"])
    op.create_table(
        "ludi_actions",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(256), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "ludi_snapshots",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("position", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in ("ludi_snapshots", "ludi_actions", "ludi_seats", "ludi_matches"):
        op.drop_table(name)
