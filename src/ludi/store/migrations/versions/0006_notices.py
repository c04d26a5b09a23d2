"""E-mail notices (``ludi.server.notify``): the address a seat left for its match and the
notices it wants, and the server's kept secrets (the key that signs unsubscribe links).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludi_notices",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("address", sa.String(254), nullable=False, index=True),
        sa.Column("lang", sa.String(16), nullable=False),
        sa.Column("kinds", sa.String(64), nullable=False),
        sa.Column("link", sa.Text, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_table(
        "ludi_server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("secret", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ludi_server_keys")
    op.drop_table("ludi_notices")
