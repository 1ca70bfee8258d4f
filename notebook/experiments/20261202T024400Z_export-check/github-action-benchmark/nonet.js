// Preload: make any network attempt fail loudly and record it.
const fs = require('fs');
const LOG = process.env.NONET_LOG || require('path').resolve('network-attempts.log');
function block(what) { fs.appendFileSync(LOG, `${new Date().toISOString()} pid=${process.pid} BLOCKED ${what}\n`); throw new Error('network blocked: ' + what); }
const net = require('net');
const origConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...a) {
  const o = a[0];
  if (o && typeof o === 'object' && o.path) return origConnect.apply(this, a); // unix sockets (not network)
  block('net.Socket.connect ' + JSON.stringify(typeof o === 'object' ? {host:o.host,port:o.port} : a.slice(0,2)));
};
require('dns').lookup = (h) => block('dns.lookup ' + h);
globalThis.fetch = (u) => block('fetch ' + u);
