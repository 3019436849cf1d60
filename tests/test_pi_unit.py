"""The Raspberry Pi's start-at-boot unit (boards/circuitpython_ssd1306/delphi-companion.service) runs
what the Raspberry Pi steps (docs/circuitpython.md) install: the clone in ~/delphi-table-companion, the venv in
~/delphi-venv, ``PYTHONPATH=firmware python boards/circuitpython_ssd1306/code.py`` from the clone."""
import configparser
import os

from helpers import ROOT

UNIT = os.path.join(ROOT, "boards", "circuitpython_ssd1306", "delphi-companion.service")


def unit():
    p = configparser.ConfigParser(interpolation=None, strict=False)
    p.optionxform = str
    with open(UNIT) as f:
        p.read_string(f.read())
    return p


def test_the_unit_runs_the_documented_command_from_the_clone():
    u = unit()
    with open(os.path.join(ROOT, "docs", "circuitpython.md")) as f:
        steps = f.read()  # the Raspberry Pi steps (the README links there)
    work = u["Service"]["WorkingDirectory"].replace("%h", "~")
    assert "git clone" in steps and work in steps, work
    assert u["Service"]["Environment"] == "PYTHONPATH=firmware"
    exe, script = u["Service"]["ExecStart"].replace("%h", "~").split()
    assert "PYTHONPATH=firmware %s %s" % (exe, script) in steps
    assert os.path.exists(os.path.join(ROOT, script))
    pip = exe.replace("/bin/python", "/bin/pip")
    assert pip + " install -r boards/circuitpython_ssd1306/requirements-pi.txt" in steps
    assert u["Install"]["WantedBy"] == "default.target"  # a user unit: enabled with systemctl --user
    assert "systemctl --user enable --now delphi-companion" in steps
    # the steps say it "restarts it if it stops": a clean exit too, not only a failure
    assert "restarts it if it stops" in steps and u["Service"]["Restart"] == "always"
