"""Alembic environment: migrations run on the connection the server hands in
(`config.attributes["connection"]`), or on `sqlalchemy.url` from the command line."""

from alembic import context
from sqlalchemy import create_engine

from headframe.server.tables import metadata

config = context.config


def run_on(connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        run_on(connection)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.connect() as fresh:
        run_on(fresh)


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
