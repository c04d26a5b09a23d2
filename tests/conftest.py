"""Shared test settings: hypothesis profiles (CI runs the same examples every time)."""

from hypothesis import settings

settings.register_profile("default", deadline=None, derandomize=True)
settings.load_profile("default")
