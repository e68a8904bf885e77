"""Modules and functions loaded on first use, so that a command loads only what it runs.

``caribbean-exact ev`` needs neither the strategy and house families nor the renderers of other
commands: ``commands`` names them through ``lazy(...)`` (the type checker sees the real imports).

>>> m = lazy("json")
>>> m.dumps([1])
'[1]'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the command line starts without typing (issue #24)
    from typing import Any


class LazyModule(ModuleType):
    """A module imported when one of its attributes is first read."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self._target: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__") or attr == "_target":
            raise AttributeError(attr)
        if self._target is None:
            self._target = importlib.import_module(self.__name__)
        return getattr(self._target, attr)


def lazy(module: str) -> Any:
    """``module`` (absolute name), imported when it is first used."""
    return LazyModule(module)


def lazy_function(module: str, name: str) -> Callable[..., Any]:
    """The function ``name`` of ``module``, imported when it is first called."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported on first call."
    return call
