"""Build step of remikcalc beyond pyproject.toml: the translations.

``build_py`` compiles each ``remikcalc/locale/LANG/LC_MESSAGES/remikcalc.po`` into the
``remikcalc.mo`` the wheel ships, with remikcalc's own small compiler
(``remikcalc/base/pofile.py``, loaded by its path: no gettext tools and no Babel are needed). The
``.po`` sources go into the sdist (MANIFEST.in) but not into the wheel; a source tree or an
editable install reads the ``.po`` files directly (see ``remikcalc/base/i18n.py``).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LOCALE = Path("remikcalc", "locale")


def _pofile() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "_remikcalc_build_pofile", HERE / "remikcalc" / "base" / "pofile.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogues(build_py):
    """build_py, plus the compiled catalogues (and without their ``.po`` sources)."""

    def _catalogues(self) -> list[tuple[Path, Path]]:
        out = []
        for po in sorted((HERE / LOCALE).glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to(HERE).with_suffix(".mo")
            out.append((po, Path(self.build_lib) / relative))
        return out

    def run(self) -> None:
        super().run()
        pofile = _pofile()
        for po, mo in self._catalogues():
            pofile.compile_po(po, mo)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        mos = [str(mo) for _po, mo in self._catalogues()]
        return [*super().get_outputs(include_bytecode), *mos]

    def exclude_data_files(self, package: str, src_dir: str, files: list[str]) -> list[str]:
        kept = super().exclude_data_files(package, src_dir, files)
        return [f for f in kept if not f.endswith((".po", ".pot"))]


setup(cmdclass={"build_py": BuildWithCatalogues})
