// The one connection module: speaks petri.v1 over a WebSocket to the server that served the page.
//
// It sends the hello (`join`, `resume`, `teach` or the observer's), keeps the resume token per lesson code
// in localStorage, reconnects with exponential backoff and jitter (the terminal client's policy: ½ s
// doubling to 30 s, more after "busy" or "too slow"), resumes with the last position seen so the history
// catches up, and reports its state ("connecting", "live", "reconnecting", "closed") to the page.
// In a cluster it follows `redirect` to the node that runs the lesson, for that connection only
// (PROTOCOL.md section 10).

import { t } from './words.js';

export const SUBPROTOCOL = 'petri.v1';

/// Close codes after which reconnecting would not help (PROTOCOL.md section 9), with the words' keys.
const FINAL_CLOSES = new Map([
    [4000, 'connection.closed.removed'],
    [4001, 'connection.closed.elsewhere'],
    [4002, 'lesson.ended'],
    [4003, 'connection.closed.makeup'],
    [1002, 'connection.closed.protocol'],
    [1007, 'connection.closed.utf8'],
]);

/// The least wait (ms) before reconnecting after a close code.
function floorFor(code) {
    if (code === 4013) return 5000;
    if (code === 1008 || code === 1001 || code === 1011) return 2000;
    return 0;
}

/// Error codes that mean the stored credentials are useless: forget them and stop.
const FATAL_ERRORS = new Set(['unknown-lesson', 'unknown-token', 'kicked', 'invalid-name', 'unknown-makeup',
    'makeup-closed']);

/// Redirects followed in a row without a welcome before backing off instead.
const REDIRECT_LIMIT = 4;

export function tokenKey(code) {
    return `petri.resume.${code}`;
}

/// The join code as the server reads it: letters upper-cased, spaces and dashes dropped.
export function normaliseCode(text) {
    return String(text ?? '').toUpperCase().replace(/[\s-]/g, '');
}

export class Connection {
    /// - Parameters:
    ///   - hello: `(lastSeen) => message` building the first message of every connection.
    ///   - onMessage: called with each server message (parsed JSON object).
    ///   - onState: called with `{state, detail}` whenever the connection state changes.
    ///   - url: the WebSocket URL; by default this page's host with ws:// or wss://.
    constructor({ hello, onMessage, onState, url }) {
        this.hello = hello;
        this.onMessage = onMessage;
        this.onState = onState;
        this.url = url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`;
        this.socket = null;
        this.attempt = 0;
        this.timer = null;
        this.lastSeen = null;
        this.stopped = false;
        this.state = 'idle';
        this.joined = false;
        /// The node a redirect named, for the next connection only (null: `url`).
        this.target = null;
        this.redirects = 0;
    }

    setState(state, detail = '') {
        this.state = state;
        this.onState?.({ state, detail });
    }

    start() {
        this.stopped = false;
        this.open();
    }

    stop(detail = '') {
        this.stopped = true;
        clearTimeout(this.timer);
        if (this.socket) {
            this.socket.onclose = null;
            this.socket.close(1000);
            this.socket = null;
        }
        this.setState('closed', detail);
    }

    open() {
        clearTimeout(this.timer);
        if (this.attempt === 0) this.setState('connecting');
        else this.setState('reconnecting', t('connection.attempt', { number: this.attempt + 1 }));
        let socket;
        try {
            socket = new WebSocket(this.target ?? this.url, SUBPROTOCOL);
        } catch (error) {
            this.scheduleRetry(0, t('connection.notOpened'));
            return;
        }
        this.socket = socket;
        this.joined = false;
        // A redirect target serves one connection: when it fails or closes, the next goes back to `url`.
        this.target = null;
        socket.onopen = () => {
            this.send(this.hello(this.lastSeen));
        };
        socket.onmessage = (event) => {
            let message;
            try {
                message = JSON.parse(event.data);
            } catch {
                return; // the server only sends JSON; ignore anything else rather than break the page
            }
            if (!message || typeof message !== 'object') return;
            if (message.type === 'redirect' && !this.joined) {
                this.followRedirect(socket, message.url);
                return;
            }
            if (message.type === 'welcome') {
                this.joined = true;
                this.attempt = 0;
                this.redirects = 0;
                this.setState('live');
            }
            this.trackPosition(message);
            if (message.type === 'error' && !this.joined && FATAL_ERRORS.has(message.code)) {
                this.stopped = true;
                socket.onclose = null;
                socket.close(1000);
                this.setState('closed', message.message);
            }
            this.onMessage?.(message);
        };
        socket.onclose = (event) => {
            this.socket = null;
            if (this.stopped) return;
            const final = FINAL_CLOSES.has(event.code) ? t(FINAL_CLOSES.get(event.code)) : null;
            if (final) {
                this.stopped = true;
                this.setState('closed', final);
                this.onMessage?.({ type: 'connectionClosed', code: event.code, message: final });
                return;
            }
            this.scheduleRetry(floorFor(event.code), event.reason || t('connection.dropped'));
        };
    }

    /// Another node runs the lesson: connect there at once with the same hello (same scheme only).
    followRedirect(socket, url) {
        socket.onclose = null;
        socket.close(1000);
        this.socket = null;
        const scheme = this.url.startsWith('wss://') ? 'wss://' : 'ws://';
        this.redirects += 1;
        if (typeof url !== 'string' || !url.startsWith(scheme) || this.redirects > REDIRECT_LIMIT) {
            this.redirects = 0;
            this.scheduleRetry(0, t('connection.redirects'));
            return;
        }
        this.target = url;
        this.open();
    }

    scheduleRetry(floor, detail) {
        this.attempt += 1;
        const base = Math.min(30000, Math.max(floor, 500) * 2 ** Math.min(this.attempt - 1, 16));
        const delay = base * (0.5 + 0.5 * Math.random());
        this.setState('reconnecting', t('connection.retry', { detail, seconds: Math.ceil(delay / 1000) }));
        this.timer = setTimeout(() => this.open(), delay);
    }

    /// Remembers the newest position seen, for `lastSeen` when resuming: a newer timeline replaces an older
    /// one; on the same timeline the generation only grows, except when the teacher rewinds.
    trackPosition(message) {
        const see = (timeline, generation) => {
            if (typeof timeline !== 'number' || typeof generation !== 'number') return;
            const last = this.lastSeen;
            if (!last || timeline > last.timeline || (timeline === last.timeline && generation > last.generation)) {
                this.lastSeen = { timeline, generation };
            }
        };
        switch (message.type) {
            case 'welcome': see(message.position?.timeline, message.position?.generation); break;
            case 'stats': see(message.timeline, message.stats?.generation); break;
            case 'history': see(message.timeline, message.to); break;
            case 'rewound':
                if (typeof message.timeline === 'number' && typeof message.generation === 'number') {
                    this.lastSeen = { timeline: message.timeline, generation: message.generation };
                }
                break;
            default: break;
        }
    }

    send(message) {
        if (this.socket && this.socket.readyState === WebSocket.OPEN) {
            this.socket.send(JSON.stringify(message));
            return true;
        }
        return false;
    }
}

/// Sends one message on a connection of its own and resolves with the first answer of one of `types`, or an
/// `error` message (whose `message` is the server's sentence); for what needs no lesson (`describeModels`,
/// `create`, `import`). A socket that cannot open or closes first resolves with an error of code `offline`.
export function requestOnce(message, types, { url, timeoutMs = 15000 } = {}) {
    const address = url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`;
    return new Promise((resolve) => {
        let settled = false;
        let socket;
        const finish = (answer) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            if (socket) {
                socket.onclose = null;
                socket.close(1000);
            }
            resolve(answer);
        };
        const offline = (words) => finish({ type: 'error', code: 'offline', message: words });
        const timer = setTimeout(() => offline(t('connection.timeout')),
            timeoutMs);
        try {
            socket = new WebSocket(address, SUBPROTOCOL);
        } catch {
            offline(t('connection.cannotOpen'));
            return;
        }
        socket.onopen = () => socket.send(JSON.stringify(message));
        socket.onmessage = (event) => {
            let answer;
            try {
                answer = JSON.parse(event.data);
            } catch {
                return;
            }
            if (answer && (answer.type === 'error' || types.includes(answer.type))) finish(answer);
        };
        socket.onclose = () => offline(t('connection.serverClosed'));
    });
}
