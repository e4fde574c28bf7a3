"""Build step of remikcalc beyond pyproject.toml: the translations.

``build_py`` compiles each ``remikcalc/locale/LANG/LC_MESSAGES/remikcalc.po`` into the
``remikcalc.mo`` the wheel ships, with polib (a build requirement: pyproject.toml's
``[build-system]``). The ``.po`` sources go into the sdist (MANIFEST.in) but not into the
wheel; a source tree or an editable install reads the ``.po`` files directly (see
``remikcalc/base/i18n.py``).
"""

from __future__ import annotations

from pathlib import Path

import polib
from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LOCALE = Path("remikcalc", "locale")


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
        for po, mo in self._catalogues():
            mo.parent.mkdir(parents=True, exist_ok=True)
            polib.pofile(str(po)).save_as_mofile(str(mo))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        mos = [str(mo) for _po, mo in self._catalogues()]
        return [*super().get_outputs(include_bytecode), *mos]

    def exclude_data_files(self, package: str, src_dir: str, files: list[str]) -> list[str]:
        kept = super().exclude_data_files(package, src_dir, files)
        return [f for f in kept if not f.endswith((".po", ".pot"))]


setup(cmdclass={"build_py": BuildWithCatalogues})
