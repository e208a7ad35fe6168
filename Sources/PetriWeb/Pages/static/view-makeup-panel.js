// The console's make-up panel: open a make-up of this lesson (until an optional date), show its link, code and
// a QR code of the link, and close it (PROTOCOL.md 5.9). The server sends `makeup` after the welcome and
// whenever it changes; the panel shows the newest. Make-up students appear in the roster, marked.

import { el, setText, replaceChildren } from './dom.js';
import { t, formatDate } from './words.js';
import { encodeQR, drawQR } from './qr.js';

/// The server time (ms) an `<input type="date">` value stands for: the end of that day, here.
export function endOfDay(value) {
    const [year, month, day] = String(value).split('-').map(Number);
    if (!year || !month || !day) return null;
    return new Date(year, month - 1, day, 23, 59, 59).getTime();
}

export class MakeupPanel {
    /// - Parameters:
    ///   - root: the panel's section (teach.html's #makeup).
    ///   - send: `(message) => boolean`, the console's connection.
    constructor(root, { send }) {
        this.root = root;
        this.send = send;
        this.info = null;
        this.drawnQR = null;
        this.until = root.querySelector('#makeup-until');
        this.state = root.querySelector('#makeup-state');
        this.shown = root.querySelector('#makeup-shown');
        this.qr = root.querySelector('#makeup-qr');
        this.openButton = root.querySelector('#makeup-open');
        this.closeButton = root.querySelector('#makeup-close');
        this.problem = root.querySelector('.problem');
        root.querySelector('#makeup-form').addEventListener('submit', (event) => {
            event.preventDefault();
            const message = { type: 'openMakeup' };
            if (this.until.value) {
                const until = endOfDay(this.until.value);
                if (until === null || until <= Date.now()) {
                    setText(this.problem, t('teach.makeup.pastDate'));
                    this.until.focus();
                    return;
                }
                message.until = until;
            }
            setText(this.problem, '');
            this.send(message);
        });
        this.closeButton.addEventListener('click', () => {
            setText(this.problem, '');
            this.send({ type: 'closeMakeup' });
        });
    }

    /// Another lesson (or the same one again): nothing known until the server says.
    reset() {
        this.info = null;
        this.render();
    }

    received(message) {
        if (message.type !== 'makeup') return;
        this.info = message;
        this.render();
    }

    render() {
        const info = this.info;
        const open = info?.open === true;
        this.closeButton.hidden = !open;
        setText(this.openButton, t(!info ? 'teach.makeup.open' : open ? 'teach.makeup.change' : 'teach.makeup.reopen'));
        if (!info) {
            setText(this.state, t('teach.makeup.none'));
            this.shown.hidden = true;
            return;
        }
        const students = t('teach.makeup.students', { count: info.students ?? 0 });
        setText(this.state, !open ? t('teach.makeup.closed', { students })
            : typeof info.until === 'number'
                ? t('teach.makeup.openUntil', { until: formatDate(info.until), students })
                : t('teach.makeup.openNoEnd', { students }));
        this.shown.hidden = !open;
        if (!open) return;
        const url = `${location.protocol}//${location.host}${info.link}`;
        const code = String(info.code ?? '');
        replaceChildren(this.root.querySelector('#makeup-link'), el('a', { href: url, id: 'makeup-link-anchor' }, url));
        replaceChildren(this.root.querySelector('#makeup-code'),
            el('span', { 'aria-hidden': 'true' }, code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code),
            el('span', { class: 'visually-hidden' }, t('teach.makeup.codeLetters', { letters: code.split('').join(' ') })));
        this.qr.setAttribute('aria-label', t('teach.makeup.qr', { url }));
        if (this.drawnQR !== url) {
            this.drawnQR = url;
            try {
                drawQR(this.qr, encodeQR(url, { level: 'M' }), 200);
                this.qr.hidden = false;
            } catch {
                this.qr.hidden = true;
            }
        }
    }

    relabel() {
        this.render();
    }
}
