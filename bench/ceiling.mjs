// The ceiling: a bare node:http server answering a fixed JSON body (base64 in CEILING_BODY)
// from memory.
import { createServer } from 'node:http';

const body = Buffer.from(process.env.CEILING_BODY ?? '', 'base64');
createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
