"""Accounts (``ludi serve --accounts open|invite``, ``ludi.store.accounts``): players' names
and password hashes, their signed-in sessions, the operator's invite codes, the seats an
account holds, the rated matches and each account's rating per game and player count.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludi_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False, unique=True),
        sa.Column("password", sa.String(256), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("disabled", sa.Integer, nullable=False),
        sa.Column("invite", sa.String(64), nullable=True),
    )
    op.create_table(
        "ludi_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False, index=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
        sa.Column("agent", sa.String(120), nullable=False),
    )
    op.create_table(
        "ludi_invites",
        sa.Column("code", sa.String(64), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("uses", sa.Integer, nullable=False),
        sa.Column("note", sa.String(120), nullable=False),
    )
    op.create_table(
        "ludi_seat_accounts",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False, index=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "ludi_rated",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("outcome", sa.Text, nullable=True),
    )
    op.create_table(
        "ludi_ratings",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in (
        "ludi_ratings",
        "ludi_rated",
        "ludi_seat_accounts",
        "ludi_invites",
        "ludi_sessions",
        "ludi_accounts",
    ):
        op.drop_table(table)
