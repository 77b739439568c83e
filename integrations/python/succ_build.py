"""Builds the wheel of succ_reward with the standard library alone (no setuptools, no PyPI).

    python3 succ_build.py            # writes dist/succ_reward-<version>-py3-none-any.whl

It is also the package's PEP 517 build backend (pyproject.toml: ``build-backend = "succ_build"``,
``backend-path = ["."]``), so ``pip install integrations/python`` works offline too.

The wheel follows the binary distribution format (packaging.python.org, "Binary distribution
format"): the package files, then ``<name>-<version>.dist-info/`` with METADATA (core metadata
2.1), WHEEL, LICENSE and RECORD (each file's urlsafe-base64 SHA-256 without padding, and size).
The archive is reproducible: entries sorted, dates fixed at 1980-01-01, permissions 0644.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import sys
import zipfile
from typing import List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "succ_reward"
SUMMARY = "Rewards for succession-fr tasks: the strict scorer of @succ/scoring in pure Python, verl, TRL and OpenRLHF reward functions, and the succ serve client."
REQUIRES_PYTHON = ">=3.10"
LICENSE = "MIT"
HOMEPAGE = "https://github.com/succession-fr/succession-fr/tree/main/integrations/python"
TAG = "py3-none-any"
DATE = (1980, 1, 1, 0, 0, 0)


def version() -> str:
    """The version, from the one place it is written: ``__version__`` in the package."""
    text = open(os.path.join(HERE, "src", NAME, "__init__.py"), encoding="utf-8").read()
    match = re.search(r'^__version__ = "([0-9]+\.[0-9]+\.[0-9]+)"$', text, re.M)
    if match is None:
        raise SystemExit(f"succ_build: no __version__ = \"X.Y.Z\" in src/{NAME}/__init__.py")
    return match.group(1)


def metadata(ver: str) -> str:
    readme = open(os.path.join(HERE, "README.md"), encoding="utf-8").read()
    headers = [
        "Metadata-Version: 2.1",
        f"Name: {NAME}",
        f"Version: {ver}",
        f"Summary: {SUMMARY}",
        f"Home-page: {HOMEPAGE}",
        f"License: {LICENSE}",
        f"Requires-Python: {REQUIRES_PYTHON}",
        "Classifier: Programming Language :: Python :: 3",
        "Classifier: License :: OSI Approved :: MIT License",
        "Classifier: Operating System :: OS Independent",
        "Description-Content-Type: text/markdown",
    ]
    return "\n".join(headers) + "\n\n" + readme


def package_files() -> List[Tuple[str, bytes]]:
    root = os.path.join(HERE, "src", NAME)
    files = []
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if os.path.isfile(path) and (name.endswith(".py") or name == "py.typed"):
            files.append((f"{NAME}/{name}", open(path, "rb").read()))
    return files


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def _add(archive: zipfile.ZipFile, path: str, data: bytes) -> None:
    info = zipfile.ZipInfo(path, DATE)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def write_wheel(out_dir: str) -> str:
    ver = version()
    dist_info = f"{NAME}-{ver}.dist-info"
    license_path = os.path.join(HERE, "..", "..", "LICENSE")
    entries = package_files() + [
        (f"{dist_info}/METADATA", metadata(ver).encode("utf-8")),
        (f"{dist_info}/WHEEL", f"Wheel-Version: 1.0\nGenerator: succ_build\nRoot-Is-Purelib: true\nTag: {TAG}\n".encode("utf-8")),
    ]
    if os.path.isfile(license_path):
        entries.append((f"{dist_info}/LICENSE", open(license_path, "rb").read()))
    record = "".join(f"{path},{_digest(data)},{len(data)}\n" for path, data in entries) + f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode("utf-8")))
    os.makedirs(out_dir, exist_ok=True)
    filename = f"{NAME}-{ver}-{TAG}.whl"
    target = os.path.join(out_dir, filename)
    partial = target + ".part"
    with zipfile.ZipFile(partial, "w") as archive:
        for path, data in entries:
            _add(archive, path, data)
    os.replace(partial, target)
    return filename


# PEP 517 backend hooks.
def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None, metadata_directory: Optional[str] = None) -> str:
    return write_wheel(wheel_directory)


def get_requires_for_build_wheel(config_settings: Optional[dict] = None) -> List[str]:
    return []


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "dist")
    name = write_wheel(out)
    print(f"succ_build: {os.path.relpath(os.path.join(out, name))}")
