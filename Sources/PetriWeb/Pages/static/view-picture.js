// The model's live picture on a <canvas>: moths on their background (camouflage), the island map with
// each species' hue (islands), or the Life board. Drawing happens on requestAnimationFrame from the
// newest snapshot only, so an auto-run at 30 generations/s never queues work: snapshots that arrive
// between two frames are simply never decoded.

import { el, setText, replaceChildren, themeColour } from './dom.js';

const SHADE_LIGHTNESS = [50, 35, 65, 25, 75];

/// The grey of a camouflage trait, 1 (black) ... 100 (white), as the terminal client draws it.
export function traitGrey(trait) {
    const level = Math.round((Math.min(100, Math.max(1, trait)) - 1) / 99 * 255);
    return `rgb(${level},${level},${level})`;
}

export function shadeName(colour) {
    if (colour <= 20) return 'black';
    if (colour <= 40) return 'dark';
    if (colour <= 60) return 'grey';
    if (colour <= 80) return 'light';
    return 'white';
}

export function speciesColour(species) {
    return `hsl(${species.hue} 70% ${SHADE_LIGHTNESS[(species.shade ?? 0) % 5]}%)`;
}

/// A small deterministic random source (mulberry32) so a generation's moths sit in the same places
/// on every redraw and every screen.
function random(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/// Every creature's trait when they fit, else `room` traits at even quantiles.
export function sampleTraits(counts, room) {
    const total = counts.reduce((a, b) => a + Math.max(0, b), 0);
    const traits = [];
    if (total === 0) return traits;
    if (total <= room) {
        counts.forEach((count, index) => { for (let i = 0; i < count; i++) traits.push(index + 1); });
        return traits;
    }
    let cumulative = 0;
    let index = 0;
    for (let k = 0; k < room; k++) {
        const target = Math.floor((k + 0.5) / room * total);
        while (index < counts.length - 1 && cumulative + counts[index] <= target) {
            cumulative += counts[index];
            index += 1;
        }
        traits.push(index + 1);
    }
    return traits;
}

function decodeBase64(text) {
    if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
}

/// Parses the islands map's runs (`.` sea, `#` empty land, a species id; `token*count`) into an Int32Array.
export function decodeTiles(text, width, height) {
    const total = width * height;
    const values = new Int32Array(total);
    let index = 0;
    for (const run of String(text).split(' ')) {
        if (!run) continue;
        const [token, countText] = run.split('*');
        const count = countText === undefined ? 1 : Number(countText);
        const value = token === '.' ? -1 : token === '#' ? 0 : Number(token);
        if (!Number.isInteger(count) || count < 1 || !Number.isInteger(value) || index + count > total) return null;
        values.fill(value, index, index + count);
        index += count;
    }
    return index === total ? values : null;
}

export class PictureView {
    /// - Parameter root: the element this view owns; it builds its canvas, caption and legend inside.
    constructor(root) {
        this.root = root;
        this.canvas = el('canvas', { class: 'picture', tabindex: '0', role: 'img', 'aria-label': 'The model picture' });
        this.caption = el('p', { class: 'caption' });
        this.readout = el('p', { class: 'readout', 'aria-live': 'off' });
        this.legend = el('ul', { class: 'legend' });
        replaceChildren(root, this.canvas, this.caption, this.readout, this.legend);
        this.state = null;
        // The snapshot message last drawn: a new lesson (whose counter starts afresh) or a new snapshot is a
        // different message, so the picture never keeps an earlier lesson's.
        this.drawnSnapshot = null;
        this.drawnGeneration = null;
        this.frameRequested = false;
        this.points = []; // what is under the pointer: [{x, y, r, text}]
        this.selected = -1;
        this.lifeImage = null;
        this.islandTiles = null;
        this.markBest = true; // outline the best-camouflaged moths (the console can turn it off)
        this.canvas.addEventListener('pointermove', (event) => this.pointAt(event));
        this.canvas.addEventListener('pointerleave', () => setText(this.readout, ''));
        this.canvas.addEventListener('keydown', (event) => this.key(event));
        this.canvas.addEventListener('focus', () => this.describeSelected());
        // A new scheme, a resize or a turned screen draws the picture again (WebKit may drop a canvas's
        // pixels on a resize and would show it blank until the next generation).
        const redraw = () => {
            this.drawnSnapshot = null;
            this.render(this.state);
        };
        matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', redraw);
        window.addEventListener('resize', redraw);
        window.addEventListener('orientationchange', redraw);
        screen.orientation?.addEventListener?.('change', redraw);
    }

    /// Outlines the best-camouflaged moths or not, and draws the picture again.
    setMarkBest(on) {
        this.markBest = on;
        this.drawnSnapshot = null;
        this.render(this.state);
    }

    render(state) {
        this.state = state;
        if (!state?.snapshot && this.drawnGeneration !== null) this.clear();
        if (this.frameRequested || !state?.snapshot || state.snapshot === this.drawnSnapshot) return;
        this.frameRequested = true;
        requestAnimationFrame(() => {
            this.frameRequested = false;
            this.draw();
        });
    }

    /// Forgets the picture of a lesson that is no longer shown (a new lesson has sent none yet).
    clear() {
        this.drawnSnapshot = null;
        this.drawnGeneration = null;
        this.points = [];
        this.canvas.getContext('2d')?.clearRect(0, 0, this.canvas.width, this.canvas.height);
        this.canvas.setAttribute('aria-label', 'The model picture');
        setText(this.caption, '');
        setText(this.readout, '');
        replaceChildren(this.legend);
        delete this.root.dataset.generation;
    }

    draw() {
        const state = this.state;
        const message = state?.snapshot;
        if (!message || message === this.drawnSnapshot) return;
        this.drawnSnapshot = message;
        const snapshot = message.snapshot ?? {};
        switch (message.model) {
            case 'camouflage': this.drawCamouflage(snapshot); break;
            case 'islands': this.drawIslands(snapshot); break;
            case 'life': this.drawLife(snapshot); break;
            case 'resistance':
            case 'beaks': this.drawTrait(snapshot); break;
            default: setText(this.caption, `This page cannot draw the ${message.model} model yet.`);
        }
        this.drawnGeneration = message.generation;
        this.root.dataset.generation = String(message.generation);
    }

    drawCamouflage(s) {
        const width = 800;
        const height = 480;
        const canvas = this.canvas;
        canvas.classList.remove('pixelated');
        if (canvas.width !== width) canvas.width = width;
        if (canvas.height !== height) canvas.height = height;
        const context = canvas.getContext('2d');
        const environment = s.environmentColour ?? 50;
        context.fillStyle = traitGrey(environment);
        context.fillRect(0, 0, width, height);
        const traits = sampleTraits(Array.isArray(s.traitCounts) ? s.traitCounts : [], 600);
        const next = random((s.generation ?? 0) * 2654435761 + traits.length);
        const size = traits.length > 300 ? 9 : traits.length > 80 ? 13 : 18;
        this.points = [];
        for (const trait of traits) {
            const x = size + next() * (width - 2 * size);
            const y = size + next() * (height - 2 * size);
            const angle = next() * Math.PI;
            context.save();
            context.translate(x, y);
            context.rotate(angle);
            context.fillStyle = traitGrey(trait);
            // A moth: two wings and a body.
            context.beginPath();
            context.ellipse(-size * 0.45, 0, size * 0.6, size * 0.4, -0.4, 0, Math.PI * 2);
            context.ellipse(size * 0.45, 0, size * 0.6, size * 0.4, 0.4, 0, Math.PI * 2);
            context.fill();
            if (this.markBest && Math.abs(trait - environment) <= 1) {
                context.strokeStyle = '#d0342c';
                context.lineWidth = 2;
                context.stroke();
            }
            context.restore();
            this.points.push({ x, y, r: size, text: `Moth colour ${trait} (${shadeName(trait)}) on background ${environment}` });
        }
        if (s.extinct || s.population === 0) {
            context.fillStyle = environment > 50 ? '#000' : '#fff';
            context.font = 'bold 28px system-ui, sans-serif';
            context.textAlign = 'center';
            context.fillText('Extinct: no moths are left', width / 2, height / 2);
        }
        const sampled = traits.length < (s.population ?? 0) && traits.length > 0
            ? ` · each moth drawn stands for about ${Math.round(s.population / traits.length * 10) / 10}` : '';
        setText(this.caption, `Generation ${s.generation}: background colour ${environment} (${shadeName(environment)}) · ` +
            `${s.population} moths · ${s.bestCamouflaged} best camouflaged${this.markBest ? ' (outlined in red)' : ''}${sampled}`);
        this.canvas.setAttribute('aria-label', `Moths on a ${shadeName(environment)} background: ${s.population} moths. ` +
            'Move the pointer over a moth, or focus the picture and use the arrow keys, to read its colour.');
        replaceChildren(this.legend);
    }

    /// The resistance and beak models: a histogram of the trait with the environment's favoured value marked.
    drawTrait(s) {
        const width = 800;
        const height = 480;
        const canvas = this.canvas;
        canvas.classList.remove('pixelated');
        if (canvas.width !== width) canvas.width = width;
        if (canvas.height !== height) canvas.height = height;
        const context = canvas.getContext('2d');
        const dark = matchMedia('(prefers-color-scheme: dark)').matches;
        context.fillStyle = dark ? '#1b2233' : '#f4f6fb';
        context.fillRect(0, 0, width, height);
        const bins = Array.isArray(s.histogram) ? s.histogram.map((v) => Math.max(0, Number(v) || 0)) : [];
        const traitMin = Number(s.traitMin) || 0;
        const binWidth = Math.max(1, Number(s.binWidth) || 1);
        const scale = Number.isFinite(Number(s.scale)) ? Number(s.scale) : 1;
        const unit = typeof s.unit === 'string' && s.unit ? ` ${s.unit}` : '';
        const shown = (t) => `${Math.round(t * scale * 10) / 10}${unit}`;
        const left = 50;
        const bottom = height - 40;
        const plotWidth = width - left - 20;
        const peak = Math.max(1, ...bins);
        const step = bins.length > 0 ? plotWidth / bins.length : plotWidth;
        const target = Number(s.target) || 0;
        const targetBin = Math.min(bins.length - 1, Math.max(0, Math.floor((target - traitMin) / binWidth)));
        this.points = [];
        context.font = '14px system-ui, sans-serif';
        context.textAlign = 'center';
        bins.forEach((count, k) => {
            const h = (count / peak) * (bottom - 30);
            const x = left + k * step;
            context.fillStyle = k === targetBin ? '#d0342c' : (dark ? '#7fb3ff' : '#2f6fbf');
            context.fillRect(x + 2, bottom - h, step - 4, h);
            const low = traitMin + k * binWidth;
            const high = k === bins.length - 1 ? traitMin + (s.traitCounts?.length ?? 1) - 1 : low + binWidth - 1;
            context.fillStyle = dark ? '#ddd' : '#222';
            if (k % 2 === 0 || bins.length <= 10) context.fillText(shown(low), x + step / 2, bottom + 18);
            this.points.push({ x: x + step / 2, y: bottom - h / 2, r: step / 2,
                text: `${count} with ${s.trait} ${shown(low)} to ${shown(high)}` });
        });
        // The favoured value as a red line, visible even when its bin is empty.
        const markerX = left + Math.min(bins.length, Math.max(0, (target - traitMin) / binWidth)) * step;
        context.strokeStyle = '#d0342c';
        context.lineWidth = 2;
        context.setLineDash([6, 4]);
        context.beginPath();
        context.moveTo(markerX, 24);
        context.lineTo(markerX, bottom);
        context.stroke();
        context.setLineDash([]);
        context.fillStyle = '#d0342c';
        context.fillText(`${s.environment === 'dose' ? 'dose' : 'best beak'} ${shown(target)}`, markerX, 18);
        if (s.extinct || s.population === 0) {
            context.fillStyle = dark ? '#fff' : '#000';
            context.font = 'bold 28px system-ui, sans-serif';
            context.fillText('Extinct: none are left', width / 2, height / 2);
        }
        const suited = s.trait === 'resistance' ? 'resistant (at or above the dose)' : 'well fed (beak within 0.5 mm of the best)';
        const marker = s.trait === 'resistance' ? 'the dose' : 'the best beak for the seeds';
        setText(this.caption, `Generation ${s.generation}: ${s.environment} ${s.environmentValue} · ${s.population} alive · ` +
            `${s.suited} ${suited} · red line and bar: ${marker} (${shown(target)})`);
        this.canvas.setAttribute('aria-label', `Histogram of ${s.trait}: ${bins.join(', ')}. ` +
            'Move the pointer over a bar, or focus the picture and use the arrow keys, to read it.');
        replaceChildren(this.legend);
    }

    drawIslands(s) {
        const w = s.width | 0;
        const h = s.height | 0;
        const tiles = w > 0 && h > 0 ? decodeTiles(s.tiles, w, h) : null;
        if (!tiles) {
            setText(this.caption, 'The island map could not be read.');
            return;
        }
        this.islandTiles = { tiles, w, h };
        const scale = Math.max(1, Math.floor(800 / Math.max(w, h)));
        const canvas = this.canvas;
        canvas.classList.add('pixelated');
        if (canvas.width !== w * scale) canvas.width = w * scale;
        if (canvas.height !== h * scale) canvas.height = h * scale;
        const context = canvas.getContext('2d');
        const colours = new Map((s.species ?? []).map((sp) => [sp.id, speciesColour(sp)]));
        const sea = themeColour('--sea', '#2f6fa7');
        const sand = themeColour('--sand', '#d9c58f');
        for (let y = 0; y < h; y++) {
            for (let x = 0; x < w; x++) {
                const v = tiles[y * w + x];
                context.fillStyle = v < 0 ? sea : v === 0 ? sand : colours.get(v) ?? '#888';
                context.fillRect(x * scale, y * scale, scale, scale);
                if (v > 0 && scale >= 12) {
                    // The species number on its tiles, so hue is not the only carrier of meaning.
                    context.fillStyle = '#000';
                    context.font = `${Math.floor(scale * 0.5)}px system-ui, sans-serif`;
                    context.textAlign = 'center';
                    context.textBaseline = 'middle';
                    context.fillText(String(v), x * scale + scale / 2, y * scale + scale / 2);
                }
            }
        }
        this.points = [];
        this.islandScale = scale;
        const living = (s.species ?? []).filter((sp) => sp.alive).sort((a, b) => b.tiles - a.tiles || a.id - b.id);
        setText(this.caption, `Generation ${s.generation}: ${w}×${h} map · ${living.length} living species` +
            (s.diagonal ? ' · corners touch' : ''));
        this.canvas.setAttribute('aria-label', `Island map with ${living.length} living species.`);
        const swatch = (colour) => {
            const box = el('span', { class: 'swatch', 'aria-hidden': 'true' });
            box.style.background = colour;
            return box;
        };
        replaceChildren(this.legend, living.slice(0, 12).map((sp) =>
            el('li', {}, swatch(speciesColour(sp)), `Species ${sp.id}: ${sp.tiles} tiles`)),
        el('li', {}, swatch(sea), 'Sea'), el('li', {}, swatch(sand), 'Empty land'));
    }

    drawLife(s) {
        const w = s.width | 0;
        const h = s.height | 0;
        if (w <= 0 || h <= 0) return;
        let bytes;
        try {
            bytes = decodeBase64(s.cells ?? '');
        } catch {
            setText(this.caption, 'The board could not be read.');
            return;
        }
        const rowBytes = (w + 7) >> 3;
        if (bytes.length !== rowBytes * h) return;
        const canvas = this.canvas;
        canvas.classList.add('pixelated');
        if (canvas.width !== w) canvas.width = w;
        if (canvas.height !== h) canvas.height = h;
        const context = canvas.getContext('2d');
        if (!this.lifeImage || this.lifeImage.width !== w || this.lifeImage.height !== h) {
            this.lifeImage = context.createImageData(w, h);
            this.lifePixels = new Uint32Array(this.lifeImage.data.buffer);
        }
        const dark = matchMedia('(prefers-color-scheme: dark)').matches;
        // Little-endian ABGR words.
        const alive = dark ? 0xff7ee0a0 : 0xff1d5a2b;
        const dead = dark ? 0xff1a1a1a : 0xfff7f7f2;
        const pixels = this.lifePixels;
        let p = 0;
        for (let y = 0; y < h; y++) {
            const row = y * rowBytes;
            for (let x = 0; x < w; x++) pixels[p++] = (bytes[row + (x >> 3)] >> (x & 7)) & 1 ? alive : dead;
        }
        context.putImageData(this.lifeImage, 0, 0);
        this.points = [];
        const region = w === s.boardWidth && h === s.boardHeight ? '' : ` (showing ${w}×${h} from column ${s.x}, row ${s.y})`;
        setText(this.caption, `Generation ${s.generation}: ${s.boardWidth}×${s.boardHeight} board${region} · ` +
            `${s.liveCells} live cells · rule ${s.rule}`);
        this.canvas.setAttribute('aria-label', `Life board, ${s.liveCells} live cells.`);
        replaceChildren(this.legend);
    }

    pointAt(event) {
        const rect = this.canvas.getBoundingClientRect();
        const x = (event.clientX - rect.left) * this.canvas.width / rect.width;
        const y = (event.clientY - rect.top) * this.canvas.height / rect.height;
        if (this.islandTiles && this.state?.snapshot?.model === 'islands') {
            const { tiles, w, h } = this.islandTiles;
            const tx = Math.floor(x / this.islandScale);
            const ty = Math.floor(y / this.islandScale);
            if (tx >= 0 && ty >= 0 && tx < w && ty < h) {
                const v = tiles[ty * w + tx];
                setText(this.readout, v < 0 ? 'Sea' : v === 0 ? 'Empty land' : `Species ${v}`);
            }
            return;
        }
        let best = -1;
        let bestDistance = Infinity;
        this.points.forEach((point, index) => {
            const d = (point.x - x) ** 2 + (point.y - y) ** 2;
            if (d < bestDistance && d <= (point.r * 1.5) ** 2) {
                bestDistance = d;
                best = index;
            }
        });
        setText(this.readout, best >= 0 ? this.points[best].text : '');
    }

    key(event) {
        if (!this.points.length) return;
        const count = this.points.length;
        if (event.key === 'ArrowRight' || event.key === 'ArrowDown') this.selected = (this.selected + 1) % count;
        else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') this.selected = (this.selected - 1 + count) % count;
        else return;
        event.preventDefault();
        this.describeSelected();
    }

    describeSelected() {
        if (!this.points.length) return;
        const index = Math.max(0, Math.min(this.selected, this.points.length - 1));
        setText(this.readout, `${this.points[index].text} (moth ${index + 1} of ${this.points.length})`);
    }
}
