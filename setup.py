"""Builds meeple's Python module with CMake for `pip install .`.

The module (target meeple_python) and the engine libraries it links are
compiled in a CMake tree: build/python-wheel by default, configured Release
without -march=native so the wheel runs on any CPU of the architecture (the
Reversi bitboards choose AVX2 at run time), or an existing tree named by
MEEPLE_CMAKE_BUILD_DIR (the tests reuse theirs instead of building twice).
The games' data files (data/) ship inside the package; meeple/__init__.py
points the engine at them.
"""

import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("MEEPLE_CMAKE_BUILD_DIR") or os.path.join(
            ROOT, "build", "python-wheel")
        build_dir = os.path.abspath(build_dir)
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            subprocess.check_call([
                "cmake", "-S", ROOT, "-B", build_dir, *generator,
                "-DCMAKE_BUILD_TYPE=Release",
                "-DMEEPLE_NATIVE=OFF",
                "-DMEEPLE_PYTHON=ON",
                "-DMEEPLE_BUILD_TESTS=OFF",
                "-DMEEPLE_BUILD_BENCH=OFF",
                f"-DPython3_EXECUTABLE={sys.executable}",
            ])
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.check_call(
            ["cmake", "--build", build_dir, "--target", "meeple_python", "-j", jobs])
        built = os.path.join(build_dir, "python", "meeple")
        modules = [f for f in os.listdir(built) if f.startswith("_meeple") and f.endswith(".so")]
        if len(modules) != 1:
            raise RuntimeError(f"expected one _meeple*.so in {built}, found {modules}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(built, modules[0]), target)
        # The data files beside the module, so an installed copy needs no checkout.
        data = os.path.join(os.path.dirname(target), "data")
        shutil.rmtree(data, ignore_errors=True)
        shutil.copytree(os.path.join(ROOT, "data"), data)


setup(ext_modules=[CMakeExtension("meeple._meeple")], cmdclass={"build_ext": CMakeBuild})
