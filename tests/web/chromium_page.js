// A headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-
// pipe: no port, no WebSocket, no npm package), for tests/web/web_sudoku_test.js.
//   const page = await openPage(chromium, url, profileDir);
//   await page.evaluate("document.title"); await page.insertText("4"); await page.close();
"use strict";
const {spawn} = require("child_process");

async function openPage(chromium, url, profileDir) {
  const browser = spawn(chromium, [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--remote-debugging-pipe", "--user-data-dir=" + profileDir, url,
  ], {stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"]});
  let log = "";
  browser.stderr.on("data", chunk => { log += chunk; });
  const exited = new Promise(resolve => browser.on("exit", code => resolve(code)));
  const waiting = new Map();
  let nextId = 1, received = "";
  browser.stdio[4].on("data", chunk => {
    received += chunk.toString("utf8");
    let end;
    while ((end = received.indexOf("\0")) >= 0) {
      const message = JSON.parse(received.slice(0, end));
      received = received.slice(end + 1);
      const reply = waiting.get(message.id);
      if (reply === undefined) continue;  // an event: not used
      waiting.delete(message.id);
      if (message.error) reply.reject(new Error(reply.method + ": " + message.error.message));
      else reply.resolve(message.result);
    }
  });
  const send = (method, params = {}, sessionId = undefined) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, {resolve, reject, method});
    browser.stdio[3].write(JSON.stringify({id, method, params, sessionId}) + "\0");
  });
  const failed = exited.then(code => { throw new Error("chromium exited (" + code + "): " + log.slice(-2000)); });
  const call = (method, params, sessionId) => Promise.race([send(method, params, sessionId), failed]);

  // The page the command line opened, attached to.
  let target = null;
  for (let tries = 0; tries < 100 && !target; tries++) {
    const {targetInfos} = await call("Target.getTargets");
    target = targetInfos.find(t => t.type === "page");
    if (!target) await new Promise(resolve => setTimeout(resolve, 100));
  }
  if (!target) throw new Error("chromium opened no page: " + log.slice(-2000));
  const {sessionId} = await call("Target.attachToTarget", {targetId: target.targetId, flatten: true});
  return {
    async evaluate(expression) {
      const {result, exceptionDetails} = await call("Runtime.evaluate", {expression, returnByValue: true}, sessionId);
      if (exceptionDetails) throw new Error(expression + ": " + (exceptionDetails.exception ? exceptionDetails.exception.description : exceptionDetails.text));
      return result.value;
    },
    // Types text into the focused element, as a keyboard would.
    insertText(text) { return call("Input.insertText", {text}, sessionId); },
    // Evaluates `expression` every 50 ms until it is truthy; its value, or an error after `seconds`.
    async waitFor(expression, seconds) {
      const deadline = Date.now() + seconds * 1000;
      for (;;) {
        const value = await this.evaluate(expression);
        if (value) return value;
        if (Date.now() > deadline) throw new Error("timed out after " + seconds + " s waiting for " + expression);
        await new Promise(resolve => setTimeout(resolve, 50));
      }
    },
    async close() {
      try { await Promise.race([send("Browser.close"), new Promise(resolve => setTimeout(resolve, 5000))]); } catch (e) { void e; }
      browser.kill();
      await exited;
    },
  };
}

module.exports = {openPage};
