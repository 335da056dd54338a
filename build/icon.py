"""Draws resources/icon.png (512x512): a blue rounded square with a white gas-cylinder silhouette.
Pure Python (zlib only) so it runs anywhere: python3 build/icon.py"""
import struct
import zlib
from pathlib import Path

SIZE = 512
SS = 3  # supersampling per axis, for smooth edges
BLUE = (25, 118, 210)
WHITE = (255, 255, 255)


def in_round_rect(x, y, x0, y0, x1, y1, r):
    if x < x0 or x > x1 or y < y0 or y > y1:
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def in_cylinder(x, y):
    # body with a domed shoulder, a neck, a valve block and a handle bar
    if in_round_rect(x, y, 176, 150, 336, 440, 70) and y >= 150:
        return True
    if in_round_rect(x, y, 176, 300, 336, 440, 24):
        return True
    if in_round_rect(x, y, 236, 112, 276, 160, 6):
        return True
    if in_round_rect(x, y, 212, 84, 300, 116, 10):
        return True
    return False


def pixel(px, py):
    bg = fg = 0
    for sy in range(SS):
        for sx in range(SS):
            x = px + (sx + 0.5) / SS
            y = py + (sy + 0.5) / SS
            if in_round_rect(x, y, 16, 16, 496, 496, 96):
                bg += 1
                if in_cylinder(x, y) and not (176 <= x <= 336 and 330 <= y <= 342):
                    fg += 1
    n = SS * SS
    alpha = bg / n
    if bg == 0:
        return (0, 0, 0, 0)
    t = fg / bg
    rgb = tuple(round(BLUE[i] * (1 - t) + WHITE[i] * t) for i in range(3))
    return rgb + (round(alpha * 255),)


def png(width, height, rows):
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b''.join(b'\x00' + bytes(v for p in row for v in p) for row in rows)
    return (
        b'\x89PNG\r\n\x1a\n'
        + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0))
        + chunk(b'IDAT', zlib.compress(raw, 9))
        + chunk(b'IEND', b'')
    )


if __name__ == '__main__':
    out = Path(__file__).resolve().parent.parent / 'resources' / 'icon.png'
    rows = [[pixel(x, y) for x in range(SIZE)] for y in range(SIZE)]
    out.write_bytes(png(SIZE, SIZE, rows))
    print(f'wrote {out}')
