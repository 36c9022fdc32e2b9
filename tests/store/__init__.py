"""Every branch of every Redis script, called through its typed wrapper against a real Redis."""

import pytest

pytest.register_assert_rewrite("tests.store.stored")
