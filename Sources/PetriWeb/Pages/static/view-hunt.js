// A hunt round's field, on a student's screen and the projector (the console's panel that starts rounds is
// view-hunt-panel.js, which the student page does not load): the round's creatures on the background, caught by
// tap, click or keyboard, or counted by the spotter; what was caught against what was left alive.

import { el, replaceChildren, setText } from './dom.js';
import { t, words } from './words.js';
import { traitBins, traitColour, traitName } from './view-picture.js';
import { serverNow } from './lesson-state.js';

/// A round's creatures from `huntStarted`'s `spots` (PROTOCOL.md 5.8): 4 bytes each, x + 1024y + 1048576trait.
export function huntCreatures(message) {
    let b = '';
    try { b = atob(typeof message.spots === 'string' ? message.spots : ''); } catch { /* none */ }
    const creatures = [];
    for (let i = 0; i + 3 < b.length; i += 4) {
        const v = b.charCodeAt(i) | b.charCodeAt(i + 1) << 8 | b.charCodeAt(i + 2) << 16 | b.charCodeAt(i + 3) << 24;
        creatures.push({ id: i / 4 + 1, x: v & 1023, y: (v >>> 10) & 1023, trait: (v >>> 20) & 255 });
    }
    return creatures;
}

/// A hunt round on a student's screen or the projector: while a round is under way the picture panel shows the
/// round's creatures on the background, drawn from the model's presentation like the picture's field (each its
/// colour, nothing else: no outline, no number that ranks them). On a student's screen each creature is a button
/// (tap, click, or Tab in id order and Enter or Space) that sends `catch`; a creature anyone caught disappears at
/// once. The line under the field says the catches left (students) or the catches so far (projector) and the
/// time left. The projector keeps, after the round, what was caught against what was left alive, by colour.
export class HuntField {
    /// - Parameters:
    ///   - panel: the picture panel; the field goes at its end and hides the picture while a round is under way.
    ///   - send: `(message) => bool` on a student's screen (creatures are buttons); null on the projector.
    constructor(panel, { send = null } = {}) {
        this.panel = panel;
        this.send = send;
        this.field = el('div', { class: 'hunt-field', id: 'hunt-field', role: 'group', hidden: true });
        this.line = el('p', { class: 'hunt-line', id: 'hunt-line', hidden: true });
        this.result = el('div', { class: 'hunt-result', id: 'hunt-result', hidden: true });
        // The spotter (a student who would rather not hunt by sight): no creatures to catch, a live count of the
        // class's catches by colour instead.
        this.spotter = false;
        this.spotterBox = el('input', { type: 'checkbox', id: 'hunt-spotter' });
        this.spotterRow = el('p', { class: 'option hunt-spotter', hidden: true }, this.spotterBox, ' ',
            el('label', words('hunt.spotter', { for: 'hunt-spotter' }), t('hunt.spotter')));
        this.spotted = el('ul', { class: 'legend hunt-spotted', id: 'hunt-spotted', 'aria-live': 'polite',
            hidden: true });
        this.spotterBox.addEventListener('change', () => {
            this.spotter = this.spotterBox.checked;
            // The server then ends a round without waiting for a spotter's catches.
            this.send?.({ type: 'spot', spotter: this.spotter });
            if (!this.spotter && !this.round) this.spotted.hidden = true;
            this.redraw();
        });
        panel.append(...(send ? [this.spotterRow] : []), this.field, this.line, this.spotted, this.result);
        this.start = null; // the round's huntStarted and the state it was drawn with (to draw again for a new role)
        this.round = null; // {round, total, eaten: Set, left, endsAt (local ms), nodes: Map id -> node}
        this.ended = null; // the last huntEnded, kept for the projector (and relabelling)
        this.timer = null;
    }

    /// Follows the hunt messages; `state` is the lesson state (its presentation and latest snapshot).
    received(message, state) {
        this.spotterRow.hidden = this.send === null || state.presentation?.picture !== 'traitField';
        switch (message.type) {
            case 'welcome':
                this.stop();
                this.ended = null;
                this.showResult(state);
                // Who spots is not remembered across a reconnection or a restart: say it again.
                if (this.spotter) this.send?.({ type: 'spot', spotter: true });
                break;
            case 'huntStarted':
                this.start = { message, state };
                this.begin(message, state);
                break;
            case 'caught':
                if (this.round && this.round.round === message.round) {
                    for (const id of message.eaten ?? []) this.eat(id);
                    this.eat(message.creature);
                    this.sayLine();
                }
                break;
            case 'catchAccepted':
                if (this.round && this.round.round === message.round) {
                    this.round.left = message.left;
                    this.eat(message.creature);
                    this.sayLine();
                }
                break;
            case 'huntEnded':
                this.start = null;
                this.stop();
                this.ended = message;
                this.showResult(state);
                break;
            default: break;
        }
    }

    /// Draws the round under way again (the student changed role): the creatures eaten and catches left stay.
    redraw() {
        const round = this.round;
        if (!round || !this.start) return;
        const { eaten, left } = round;
        this.begin(this.start.message, this.start.state);
        for (const id of eaten) this.eat(id);
        this.round.left = left;
        this.sayLine();
    }

    begin(message, state) {
        this.stop();
        const hunting = this.send !== null && !this.spotter;
        this.ended = null;
        this.showResult(state);
        const presentation = state.presentation ?? {};
        const snapshot = state.snapshot?.snapshot ?? {};
        const bins = fieldBins(snapshot);
        const colours = presentation.traitColours;
        const environment = Number(snapshot.environmentValue) || 0;
        const seconds = Number(message.seconds) || 0;
        // A fresh round has its whole time; one joined late (a reload) what the server's clock says is left, as
        // far as this page knows that clock (serverNow).
        const untilEnd = typeof message.endsAt === 'number' && typeof state.serverOffset === 'number'
            && state.serverOffset !== 0 ? (message.endsAt - serverNow(state)) / 1000 : seconds;
        const creatures = huntCreatures(message);
        this.round = { round: message.round, total: creatures.length, eaten: new Set(),
            left: Number(message.catches) || 0, endsAt: Date.now() + Math.max(0, Math.min(seconds, untilEnd)) * 1000,
            nodes: new Map(), traits: new Map(), colours, bins };
        this.field.style.background = traitColour(colours, bins, environment);
        this.field.setAttribute('aria-label', t(hunting ? 'hunt.field.label' : 'hunt.field.watch'));
        const nodes = creatures.map((creature, index) => {
            this.round.traits.set(creature.id, Number(creature.trait) || 0);
            const node = hunting
                ? el('button', { type: 'button', class: 'creature', 'aria-label': t('hunt.creature', { number: index + 1 }) })
                : el('span', { class: 'creature', 'aria-hidden': 'true' });
            node.style.left = `${Math.min(1000, Math.max(0, Number(creature.x) || 0)) / 10}%`;
            node.style.top = `${Math.min(1000, Math.max(0, Number(creature.y) || 0)) / 10}%`;
            node.style.background = traitColour(colours, bins, Number(creature.trait) || 0);
            if (hunting) node.addEventListener('click', () => this.send({ type: 'catch', creature: creature.id }));
            this.round.nodes.set(creature.id, node);
            return node;
        });
        replaceChildren(this.field, nodes);
        for (const id of message.eaten ?? []) this.eat(id);
        this.panel.classList.add('hunting');
        this.field.hidden = false;
        this.line.hidden = false;
        this.spotted.hidden = !this.spotter;
        delete this.spotted.dataset.shown;
        this.sayLine();
        this.timer = setInterval(() => this.sayLine(), 1000);
    }

    /// A caught creature leaves every screen at once (focus moves to the first one left, so a keyboard hunt goes on).
    eat(id) {
        const round = this.round;
        if (!round || round.eaten.has(id)) return;
        round.eaten.add(id);
        const node = round.nodes.get(id);
        if (!node) return;
        const hadFocus = document.activeElement === node;
        round.nodes.delete(id);
        node.remove();
        if (hadFocus) (this.field.querySelector('.creature') ?? this.field).focus?.();
    }

    sayLine() {
        const round = this.round;
        if (!round) return;
        const seconds = Math.max(0, Math.ceil((round.endsAt - Date.now()) / 1000));
        const time = t('hunt.time', { seconds });
        if (this.spotter) this.sayColours();
        setText(this.line, this.spotter ? `${t('hunt.spotter.line', { caught: round.eaten.size })} ${time}`
            : this.send ? `${t('hunt.left', { left: round.left })} ${time}`
            : `${t('hunt.progress', { round: round.round, caught: round.eaten.size, total: round.total })} ${time}`);
    }

    /// The spotter's count: the catches so far by colour name, in the ramp's order (low to high).
    sayColours() {
        const round = this.round;
        const counts = new Map();
        const sorted = [...round.eaten].map((id) => round.traits.get(id)).filter((v) => v !== undefined)
            .sort((a, b) => a - b);
        for (const trait of sorted) {
            const name = traitName(round.colours, round.bins, trait);
            const entry = counts.get(name) ?? { count: 0, trait };
            entry.count += 1;
            counts.set(name, entry);
        }
        const rows = [...counts].map(([name, { count, trait }]) => {
            const swatch = el('span', { class: 'swatch', 'aria-hidden': 'true' });
            swatch.style.background = traitColour(round.colours, round.bins, trait);
            return el('li', {}, swatch, t('hunt.spotted.row', { name, count }));
        });
        const text = rows.map((row) => row.textContent).join('|');
        if (this.spotted.dataset.shown === text) return; // the count is spoken only when it changes
        this.spotted.dataset.shown = text;
        replaceChildren(this.spotted, rows.length ? rows : [el('li', {}, t('hunt.spotted.none'))]);
    }

    stop() {
        if (this.timer !== null) clearInterval(this.timer);
        this.timer = null;
        this.round = null;
        this.panel.classList.remove('hunting');
        this.field.hidden = true;
        this.line.hidden = true;
        if (!this.spotter) this.spotted.hidden = true; // a spotter keeps the round's count until the next round
        replaceChildren(this.field);
    }

    /// The projector, after a round: the colours caught against the colours alive, bin by bin, in words.
    showResult(state) {
        const ended = this.ended;
        this.result.hidden = !ended || this.send !== null;
        if (this.result.hidden) {
            replaceChildren(this.result);
            return;
        }
        const colours = state?.presentation?.traitColours;
        const bins = fieldBins(state?.snapshot?.snapshot ?? {});
        const caughtBins = ended.caughtBins ?? [];
        const aliveBins = ended.aliveBins ?? [];
        const width = Number(ended.binWidth) || 1;
        const low = Number(ended.traitMin) || 0;
        const sum = (list) => list.reduce((a, b) => a + b, 0);
        const mean = (m) => (typeof m === 'number' ? m.toFixed(1) : t('hunt.none'));
        const rows = [];
        for (let k = 0; k < Math.max(caughtBins.length, aliveBins.length); k++) {
            const caught = caughtBins[k] ?? 0;
            const alive = aliveBins[k] ?? 0;
            if (caught === 0 && alive === 0) continue;
            const middle = low + k * width + Math.floor((width - 1) / 2);
            const swatch = el('span', { class: 'swatch', 'aria-hidden': 'true' });
            swatch.style.background = traitColour(colours, bins, middle);
            rows.push(el('li', {}, swatch, t('hunt.compare.row', {
                name: traitName(colours, bins, middle), low: low + k * width, high: low + (k + 1) * width - 1, caught, alive,
            })));
        }
        replaceChildren(this.result,
            el('h3', {}, t('hunt.compare.heading')),
            el('p', { class: 'hunt-summary' }, t('hunt.ended', { round: ended.round, caught: sum(caughtBins),
                alive: sum(aliveBins), caughtMean: mean(ended.caughtMean), aliveMean: mean(ended.aliveMean) })),
            el('ul', { class: 'legend hunt-compare' }, rows));
    }

    relabel(state) {
        delete this.spotted.dataset.shown;
        this.sayLine();
        this.showResult(state);
    }
}

/// The bins a field's colours are read from: the latest snapshot's trait range (a one-value range when none).
function fieldBins(snapshot) {
    return traitBins(snapshot, Array.isArray(snapshot.histogram) ? snapshot.histogram.length : 1)
        ?? traitBins({ traitMin: 0, traitCounts: [0] }, 1);
}
