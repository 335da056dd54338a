"""Draws the web app's icons (src/renderer/public/icons) from the drawing of build/icon.py:
icon-192/512 (the desktop icon: a blue rounded square, transparent corners), icon-maskable-512 and
apple-touch-icon-180 (full-bleed blue, the cylinder inside the maskable safe zone: a launcher may cut the
icon to any shape). Pure Python, as icon.py: python3 build/pwa-icons.py"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from icon import BLUE, SIZE, SS, WHITE, in_cylinder, in_round_rect, pixel, png  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / 'src' / 'renderer' / 'public' / 'icons'
# The cylinder's own box in icon.py's 512 grid and the part of a maskable icon always shown (a centred circle of 80%).
CYL_TOP, CYL_BOTTOM = 84, 440
SAFE = 0.8


def scaled(size):
    """icon.py's picture at `size` px: each pixel samples the 512 grid."""
    k = SIZE / size
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            r = g = b = a = 0
            for sy in range(SS):
                for sx in range(SS):
                    pr, pg, pb, pa = pixel(int((x + (sx + 0.5) / SS) * k), int((y + (sy + 0.5) / SS) * k))
                    r, g, b, a = r + pr * pa, g + pg * pa, b + pb * pa, a + pa
            n = SS * SS
            row.append((round(r / a), round(g / a), round(b / a), round(a / n)) if a else (0, 0, 0, 0))
        rows.append(row)
    return rows


def full_bleed(size):
    """Blue to every edge; the cylinder scaled so its height fits well inside the safe circle."""
    fit = SAFE * 0.85 * SIZE / (CYL_BOTTOM - CYL_TOP)
    k = SIZE / size
    centre_y = (CYL_TOP + CYL_BOTTOM) / 2
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            fg = 0
            for sy in range(SS):
                for sx in range(SS):
                    gx = ((x + (sx + 0.5) / SS) * k - SIZE / 2) / fit + SIZE / 2
                    gy = ((y + (sy + 0.5) / SS) * k - SIZE / 2) / fit + centre_y
                    if in_cylinder(gx, gy) and not (176 <= gx <= 336 and 330 <= gy <= 342):
                        fg += 1
            t = fg / (SS * SS)
            row.append(tuple(round(BLUE[i] * (1 - t) + WHITE[i] * t) for i in range(3)) + (255,))
        rows.append(row)
    return rows


if __name__ == '__main__':
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, draw in [
        ('icon-192.png', 192, scaled),
        ('icon-512.png', 512, scaled),
        ('icon-maskable-512.png', 512, full_bleed),
        ('apple-touch-icon-180.png', 180, full_bleed),
    ]:
        (OUT / name).write_bytes(png(size, size, draw(size)))
        print(f'wrote {OUT / name}')
