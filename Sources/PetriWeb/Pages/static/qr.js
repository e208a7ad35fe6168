// A small QR code encoder (ISO/IEC 18004): byte mode, error correction L or M, versions 1-10,
// which is plenty for a join URL (version 10-M holds 213 bytes). No dependency, so a classroom
// LAN without internet still gets its QR code. After Nayuki's public-domain description of the
// algorithm; tested against the Python `qrcode` package's matrices (Tests/Browser/test_qr.py).

// [ecCodewordsPerBlock, blocks, dataCodewordsPerBlock, blocks2, dataCodewordsPerBlock2] per version 1-10.
const BLOCKS = {
    L: [[7, 1, 19, 0, 0], [10, 1, 34, 0, 0], [15, 1, 55, 0, 0], [20, 1, 80, 0, 0], [26, 1, 108, 0, 0],
        [18, 2, 68, 0, 0], [20, 2, 78, 0, 0], [24, 2, 97, 0, 0], [30, 2, 116, 0, 0], [18, 2, 68, 2, 69]],
    M: [[10, 1, 16, 0, 0], [16, 1, 28, 0, 0], [26, 1, 44, 0, 0], [18, 2, 32, 0, 0], [24, 2, 43, 0, 0],
        [16, 4, 27, 0, 0], [18, 4, 31, 0, 0], [22, 2, 38, 2, 39], [22, 3, 36, 2, 37], [26, 4, 43, 1, 44]],
};
const FORMAT_BITS = { L: 1, M: 0 };
const ALIGNMENT = [[], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46],
    [6, 28, 50]];

function dataCapacity(version, level) {
    const [, b1, d1, b2, d2] = BLOCKS[level][version - 1];
    return b1 * d1 + b2 * d2;
}

/// The bytes a version holds in byte mode: capacity minus the mode and length header.
function byteCapacity(version, level) {
    const headerBits = 4 + (version < 10 ? 8 : 16);
    return Math.floor((dataCapacity(version, level) * 8 - headerBits) / 8);
}

function gfMultiply(x, y) {
    let z = 0;
    for (let i = 7; i >= 0; i--) {
        z = (z << 1) ^ ((z >>> 7) * 0x11d);
        z ^= ((y >>> i) & 1) * x;
    }
    return z & 0xff;
}

function rsDivisor(degree) {
    const result = new Array(degree).fill(0);
    result[degree - 1] = 1;
    let root = 1;
    for (let i = 0; i < degree; i++) {
        for (let j = 0; j < degree; j++) {
            result[j] = gfMultiply(result[j], root);
            if (j + 1 < degree) result[j] ^= result[j + 1];
        }
        root = gfMultiply(root, 0x02);
    }
    return result;
}

function rsRemainder(data, divisor) {
    const result = divisor.map(() => 0);
    for (const b of data) {
        const factor = b ^ result.shift();
        result.push(0);
        divisor.forEach((coef, i) => { result[i] ^= gfMultiply(coef, factor); });
    }
    return result;
}

/// Data codewords: mode 0100, length, the bytes, terminator, padding to capacity.
function dataCodewords(bytes, version, level) {
    const bits = [];
    const put = (value, length) => { for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
    put(4, 4);
    put(bytes.length, version < 10 ? 8 : 16);
    for (const b of bytes) put(b, 8);
    const capacityBits = dataCapacity(version, level) * 8;
    put(0, Math.min(4, capacityBits - bits.length));
    put(0, (8 - bits.length % 8) % 8);
    for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) put(pad, 8);
    const words = [];
    for (let i = 0; i < bits.length; i += 8) words.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
    return words;
}

/// Splits into blocks, appends each block's error correction and interleaves.
function withErrorCorrection(data, version, level) {
    const [ec, b1, d1, b2, d2] = BLOCKS[level][version - 1];
    const divisor = rsDivisor(ec);
    const blocks = [];
    let offset = 0;
    for (let i = 0; i < b1 + b2; i++) {
        const length = i < b1 ? d1 : d2;
        const block = data.slice(offset, offset + length);
        offset += length;
        blocks.push({ data: block, ec: rsRemainder(block, divisor) });
    }
    const out = [];
    for (let i = 0; i < Math.max(d1, d2); i++) for (const block of blocks) if (i < block.data.length) out.push(block.data[i]);
    for (let i = 0; i < ec; i++) for (const block of blocks) out.push(block.ec[i]);
    return out;
}

const MASKS = [
    (x, y) => (x + y) % 2 === 0,
    (x, y) => y % 2 === 0,
    (x) => x % 3 === 0,
    (x, y) => (x + y) % 3 === 0,
    (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
    (x, y) => (x * y) % 2 + (x * y) % 3 === 0,
    (x, y) => ((x * y) % 2 + (x * y) % 3) % 2 === 0,
    (x, y) => ((x + y) % 2 + (x * y) % 3) % 2 === 0,
];

class Matrix {
    constructor(version) {
        this.version = version;
        this.size = version * 4 + 17;
        this.modules = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
        this.isFunction = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    }

    setFunction(x, y, dark) {
        this.modules[y][x] = dark;
        this.isFunction[y][x] = true;
    }

    drawFunctionPatterns() {
        const size = this.size;
        for (let i = 0; i < size; i++) {
            this.setFunction(6, i, i % 2 === 0);
            this.setFunction(i, 6, i % 2 === 0);
        }
        for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
            for (let dy = -4; dy <= 4; dy++) {
                for (let dx = -4; dx <= 4; dx++) {
                    const x = cx + dx;
                    const y = cy + dy;
                    if (x < 0 || y < 0 || x >= size || y >= size) continue;
                    const distance = Math.max(Math.abs(dx), Math.abs(dy));
                    this.setFunction(x, y, distance !== 2 && distance !== 4);
                }
            }
        }
        const positions = ALIGNMENT[this.version - 1];
        const n = positions.length;
        for (let i = 0; i < n; i++) {
            for (let j = 0; j < n; j++) {
                if ((i === 0 && j === 0) || (i === 0 && j === n - 1) || (i === n - 1 && j === 0)) continue;
                for (let dy = -2; dy <= 2; dy++) {
                    for (let dx = -2; dx <= 2; dx++) {
                        this.setFunction(positions[i] + dx, positions[j] + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
                    }
                }
            }
        }
        this.drawFormat('L', 0); // reserves the format areas; redrawn with the real mask later
        if (this.version >= 7) {
            let rem = this.version;
            for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
            const bits = (this.version << 12) | rem;
            for (let i = 0; i < 18; i++) {
                const dark = ((bits >>> i) & 1) !== 0;
                const a = size - 11 + (i % 3);
                const b = Math.floor(i / 3);
                this.setFunction(a, b, dark);
                this.setFunction(b, a, dark);
            }
        }
    }

    drawFormat(level, mask) {
        const data = (FORMAT_BITS[level] << 3) | mask;
        let rem = data;
        for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
        const bits = ((data << 10) | rem) ^ 0x5412;
        const bit = (i) => ((bits >>> i) & 1) !== 0;
        const size = this.size;
        for (let i = 0; i <= 5; i++) this.setFunction(8, i, bit(i));
        this.setFunction(8, 7, bit(6));
        this.setFunction(8, 8, bit(7));
        this.setFunction(7, 8, bit(8));
        for (let i = 9; i < 15; i++) this.setFunction(14 - i, 8, bit(i));
        for (let i = 0; i < 8; i++) this.setFunction(size - 1 - i, 8, bit(i));
        for (let i = 8; i < 15; i++) this.setFunction(8, size - 15 + i, bit(i));
        this.setFunction(8, size - 8, true);
    }

    drawCodewords(codewords) {
        const size = this.size;
        let i = 0;
        for (let right = size - 1; right >= 1; right -= 2) {
            if (right === 6) right = 5;
            for (let vert = 0; vert < size; vert++) {
                for (let j = 0; j < 2; j++) {
                    const x = right - j;
                    const upward = ((right + 1) & 2) === 0;
                    const y = upward ? size - 1 - vert : vert;
                    if (!this.isFunction[y][x] && i < codewords.length * 8) {
                        this.modules[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) !== 0;
                        i++;
                    }
                }
            }
        }
    }

    applyMask(mask) {
        const test = MASKS[mask];
        for (let y = 0; y < this.size; y++) {
            for (let x = 0; x < this.size; x++) {
                if (!this.isFunction[y][x] && test(x, y)) this.modules[y][x] = !this.modules[y][x];
            }
        }
    }

    /// The standard's penalty score (rules 1-4); the lowest-scoring mask is used.
    penalty() {
        const size = this.size;
        const m = this.modules;
        let score = 0;
        // Rule 3: dark-light 1:1:3:1:1 with four light modules on one side (outside counts as light).
        const patterns = ['10111010000', '00001011101'];
        const finderLike = (line) => {
            const padded = '0000' + line.map((v) => (v ? '1' : '0')).join('') + '0000';
            let found = 0;
            for (const pattern of patterns) {
                for (let i = padded.indexOf(pattern); i >= 0; i = padded.indexOf(pattern, i + 1)) found++;
            }
            return found;
        };
        for (let pass = 0; pass < 2; pass++) {
            for (let a = 0; a < size; a++) {
                const line = [];
                for (let b = 0; b < size; b++) line.push(pass === 0 ? m[a][b] : m[b][a]);
                let run = 1;
                for (let b = 1; b <= size; b++) {
                    if (b < size && line[b] === line[b - 1]) {
                        run++;
                    } else {
                        if (run >= 5) score += 3 + (run - 5);
                        run = 1;
                    }
                }
                score += 40 * finderLike(line);
            }
        }
        for (let y = 0; y < size - 1; y++) {
            for (let x = 0; x < size - 1; x++) {
                const c = m[y][x];
                if (c === m[y][x + 1] && c === m[y + 1][x] && c === m[y + 1][x + 1]) score += 3;
            }
        }
        let dark = 0;
        for (const row of m) for (const v of row) if (v) dark++;
        const total = size * size;
        score += 10 * Math.floor(Math.abs(dark * 20 - total * 10) / total);
        return score;
    }
}

/// Encodes `text` (UTF-8) as a QR code.
///
/// Returns `{version, level, mask, size, modules}`: `modules[y][x]` is true for a dark module.
/// `options.level` is 'M' (default) or 'L'; `options.version` and `options.mask` force a version
/// or mask (for tests); otherwise the smallest version that fits and the lowest-penalty mask.
/// Throws an Error when the text is longer than version 10 holds.
export function encodeQR(text, options = {}) {
    const level = options.level ?? 'M';
    if (!BLOCKS[level]) throw new Error(`QR level ${level} is not supported; use L or M.`);
    const bytes = Array.from(new TextEncoder().encode(text));
    let version = options.version ?? null;
    if (version === null) {
        version = 1;
        while (version <= 10 && byteCapacity(version, level) < bytes.length) version++;
    }
    if (version > 10 || byteCapacity(version, level) < bytes.length) {
        throw new Error(`The text is ${bytes.length} bytes, more than a version ${Math.min(version, 10)}-${level} QR code holds.`);
    }
    const codewords = withErrorCorrection(dataCodewords(bytes, version, level), version, level);
    const build = (mask) => {
        const matrix = new Matrix(version);
        matrix.drawFunctionPatterns();
        matrix.drawCodewords(codewords);
        matrix.applyMask(mask);
        matrix.drawFormat(level, mask);
        return matrix;
    };
    let best = null;
    let bestMask = 0;
    if (options.mask != null) {
        best = build(options.mask);
        bestMask = options.mask;
    } else {
        let bestScore = Infinity;
        for (let mask = 0; mask < 8; mask++) {
            const matrix = build(mask);
            const score = matrix.penalty();
            if (score < bestScore) {
                bestScore = score;
                best = matrix;
                bestMask = mask;
            }
        }
    }
    return { version, level, mask: bestMask, size: best.size, modules: best.modules };
}

/// Draws a QR code on a canvas with a four-module quiet zone, dark on white whatever the theme.
export function drawQR(canvas, qr, pixels) {
    const quiet = 4;
    const total = qr.size + quiet * 2;
    const scale = Math.max(1, Math.floor(pixels / total));
    canvas.width = total * scale;
    canvas.height = total * scale;
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#000000';
    for (let y = 0; y < qr.size; y++) {
        for (let x = 0; x < qr.size; x++) {
            if (qr.modules[y][x]) context.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale);
        }
    }
}
