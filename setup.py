"""The cffi module, and one check before it compiles: a missing C compiler is one clear line."""

import importlib.util
import pathlib

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import PlatformError


def _build_ffi():  # csrc/ is not a package: load the builder module by its path
    spec = importlib.util.spec_from_file_location("build_ffi", pathlib.Path(__file__).parent / "csrc" / "build_ffi.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildExt(build_ext):
    def run(self):
        problem = _build_ffi().compiler_problem()
        if problem:
            raise PlatformError(problem)
        super().run()


setup(cffi_modules=["csrc/build_ffi.py:ffibuilder"], cmdclass={"build_ext": BuildExt})
