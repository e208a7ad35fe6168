"""The page's QR encoder against known matrices (the `qrcode` package, same version, level and mask) and a
real decoder (zbar) for the masks it picks itself."""

import pytest
import qrcode
from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M

TEXTS = ["http://127.0.0.1:8080/join/K7QX2M", "http://192.168.100.200:54321/join/ABCDEF",
         "http://petri.school.example:8080/join/XYZ234?" + "a" * 150, "hi"]


def encode_in_page(driver, text, level, mask=None, version=None):
    return driver.execute_async_script("""
        const [text, level, mask, version, done] = arguments;
        import('/static/qr.js').then((m) => {
            const qr = m.encodeQR(text, { level, mask, version });
            done({ version: qr.version, mask: qr.mask, rows: qr.modules.map((r) => r.map((v) => (v ? '1' : '0')).join('')) });
        }).catch((e) => done({ error: String(e) }));""", text, level, mask, version)


def reference(text, level, mask, version=None):
    code = qrcode.QRCode(version=version, error_correction=ERROR_CORRECT_M if level == "M" else ERROR_CORRECT_L,
                         mask_pattern=mask, border=0)
    code.add_data(qrcode.util.QRData(text.encode(), mode=qrcode.util.MODE_8BIT_BYTE))
    code.make(fit=version is None)
    return ["".join("1" if v else "0" for v in row) for row in code.modules]


def test_qr_matrices_match_the_reference_encoder_for_every_mask(server, page):
    page.get(f"{server.http}/")
    for text in TEXTS:
        for level in "LM":
            for mask in range(8):
                mine = encode_in_page(page, text, level, mask)
                assert mine["rows"] == reference(text, level, mask), (text, level, mask)
    mine = encode_in_page(page, "x" * 200, "M", 3, 10)
    assert mine["version"] == 10 and mine["rows"] == reference("x" * 200, "M", 3, 10)


def test_qr_codes_with_the_chosen_mask_decode(server, page):
    pyzbar = pytest.importorskip("pyzbar.pyzbar")
    from PIL import Image
    page.get(f"{server.http}/")
    for text in TEXTS:
        for level in "LM":
            mine = encode_in_page(page, text, level)
            size = len(mine["rows"])
            image = Image.new("L", ((size + 8) * 4, (size + 8) * 4), 255)
            for y, row in enumerate(mine["rows"]):
                for x, bit in enumerate(row):
                    if bit == "1":
                        image.paste(0, ((x + 4) * 4, (y + 4) * 4, (x + 5) * 4, (y + 5) * 4))
            decoded = pyzbar.decode(image, symbols=[pyzbar.ZBarSymbol.QRCODE])
            assert [d.data.decode() for d in decoded] == [text], (text, level, mine["version"], mine["mask"])


def test_qr_refuses_text_longer_than_version_ten(server, page):
    page.get(f"{server.http}/")
    result = encode_in_page(page, "y" * 300, "M")
    assert "more than a version 10-M QR code holds" in result["error"]
