// Google's scripts for the Google sign-in popup, which the test machine cannot
// reach, played by the test.
//
// Firebase Auth's popup flow loads https://apis.google.com/js/api.js (the gapi
// loader) and uses gapi.iframes to talk to a helper iframe; with the Auth
// emulator that iframe is the emulator's /emulator/auth/iframe page, which
// loads the same script and answers over the same channel. The emulator's
// account picker (/emulator/auth/handler, the popup) hands the chosen account
// to that iframe itself, with postMessage. So a stand-in for the small part
// of gapi.iframes both sides use is enough to run the real SDK, the real
// emulator pages and the real popup: `open` an iframe, `ping` it until it
// answers, and `register`/`send` named calls whose answers come back as a
// list. Like the real one, it swallows exceptions thrown inside callbacks:
// the SDK's webStorageSupport callback throws on purpose after answering.
import type { BrowserContext } from '@playwright/test'

const GAPI_STAND_IN = String.raw`(function () {
  var MARK = '__gapiStandIn', channels = [], waiting = {}, nextId = 1;
  function safely(fn, args) { try { return fn && fn.apply(null, args || []); } catch (e) { return undefined; } }
  function later(fn, args) { setTimeout(function () { safely(fn, args); }, 0); }
  function Channel(target, origin) { this.target = target; this.origin = origin; this.handlers = {}; this.ready = false; this.onReady = []; }
  Channel.prototype.post = function (message) { message[MARK] = true; this.target.postMessage(message, this.origin); };
  Channel.prototype.register = function (name, handler) { this.handlers[name] = handler; };
  Channel.prototype.send = function (name, data, callback) {
    var id = nextId++;
    waiting[id] = callback;
    this.post({ kind: 'call', id: id, name: name, data: data });
  };
  Channel.prototype.whenReady = function (callback) { if (this.ready) later(callback); else this.onReady.push(callback); };
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || message[MARK] !== true) return;
    var channel = channels.filter(function (c) { return c.target === event.source; })[0];
    if (!channel) return;
    if (message.kind === 'ready') {
      channel.ready = true;
      channel.onReady.splice(0).forEach(function (callback) { later(callback); });
    } else if (message.kind === 'call') {
      var handler = channel.handlers[message.name];
      var responses = handler ? [safely(handler, [message.data])] : [];
      channel.post({ kind: 'reply', id: message.id, responses: responses });
    } else if (message.kind === 'reply' && waiting[message.id]) {
      var callback = waiting[message.id];
      delete waiting[message.id];
      later(callback, [message.responses]);
    }
  });
  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      options.where.appendChild(frame);
      var channel = new Channel(frame.contentWindow, new URL(options.url, location.href).origin);
      channels.push(channel);
      var iframe = {
        register: function (name, handler) { channel.register(name, handler); },
        send: function (name, data, callback) { channel.send(name, data, callback); },
        restyle: function () { return Promise.resolve(); },
        ping: function (callback) { return new Promise(function (done) { channel.whenReady(function () { safely(callback); done(); }); }); },
      };
      return onOpen ? onOpen(iframe) : iframe;
    },
    getParentIframe: function () {
      var parentOrigin = (location.ancestorOrigins && location.ancestorOrigins[0]) || '*';
      var channel = new Channel(window.parent, parentOrigin);
      channels.push(channel);
      // Ready once the caller has registered its handlers (right after this call).
      setTimeout(function () { channel.post({ kind: 'ready' }); }, 0);
      return channel;
    },
  };
  window.gapi = {
    load: function (name, options) { later(typeof options === 'function' ? options : options && options.callback); },
    iframes: { getContext: function () { return context; }, CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; } },
  };
  var script = document.currentScript, onload = script && new URL(script.src).searchParams.get('onload');
  later(onload ? window[onload] : window.gapi_onload);
})();`

/**
 * Answers Google's scripts and the emulator picker's stylesheets and scripts
 * (a CDN and Google Fonts) in every page and frame of the context.
 */
export async function answerGoogleScripts(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  )
  // The picker draws its Material look from these; it works the same unstyled.
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().url().endsWith('.js') ? 'text/javascript' : 'text/css',
      body: '',
    }),
  )
}
