"""The CIRCUITPY image the harness builds (tools/hil/cp_fat.py, Debian's dosfstools and mtools).

``../shared/hil/README.md``: CircuitPython 10.2.1 on rp2040py's 2 MiB flash mounts a bare FAT12
volume of 2048 sectors of 512 bytes.  FAT boot sector fields (Microsoft FAT specification,
section 3.1): bytes per sector at offset 11, sectors per cluster 13, number of FATs 16, root
entries 17, total sectors 19; the file system type string "FAT12   " at 54; the 0x55AA
signature at 510.
"""
from tools.hil import cp_fat


def test_the_image_is_a_bare_fat12_volume_of_2048_sectors_with_the_files():
    files = {"/code.py": b"print(1)\n", "/games/delfos/game.mpy": b"C" + bytes(3000), "/lib/x.py": b""}
    img = cp_fat.build_image(files)
    assert len(img) == 2048 * 512
    le = int.from_bytes
    assert le(img[11:13], "little") == 512 and img[13] == 1 and img[16] == 1
    assert le(img[17:19], "little") == 512 and le(img[19:21], "little") == 2048
    assert img[54:62] == b"FAT12   " and img[510:512] == b"\x55\xaa"
    for path, data in files.items():
        assert cp_fat.read_file(img, path) == data
    assert cp_fat.read_file(img, "/saves/app.dat") is None
