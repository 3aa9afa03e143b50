"""Fixtures shared by the tests: statement PDFs from the repository's
fixtures/ and small hand-made PDFs for the error kinds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

REPO = Path(__file__).resolve().parents[2]
STATEMENTS = REPO / "fixtures" / "statements"


def truth(name: str) -> Dict[str, Any]:
    """The ground truth written next to a fixture statement."""
    return json.loads((STATEMENTS / f"{name}.truth.json").read_text())


@pytest.fixture(scope="session")
def sbi() -> Tuple[bytes, Dict[str, Any]]:
    """An encrypted SBI statement (150 rows) and its truth (password inside)."""
    return (STATEMENTS / "sbi_fpdf2_encrypted.pdf").read_bytes(), truth("sbi_fpdf2_encrypted")


def one_page_pdf(lines: List[Tuple[float, float, float, str]], image: bool = False) -> bytes:
    """A one-page PDF with Helvetica text at (x, y from the top, size, text);
    the same construction as core/tests/extract_errors.rs. ``image`` draws a
    1x1 grey image over the page (what a scan is)."""
    content = "q 595 0 0 842 0 0 cm /Im1 Do Q\n" if image else ""
    for x, y, size, text in lines:
        esc = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        content += f"BT /F1 {size} Tf 1 0 0 1 {x} {842.0 - y} Tm ({esc}) Tj ET\n"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >>"
        " /XObject << /Im1 6 0 R >> >> /Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        f"<< /Length {len(content)} >>\nstream\n{content}endstream",
        "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8"
        " /Length 1 >>\nstream\nA\nendstream",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for i, o in enumerate(objects):
        offsets.append(len(out))
        out += f"{i + 1} 0 obj\n{o}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out
