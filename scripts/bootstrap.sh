#!/usr/bin/env bash
# Entry point of `npm start` and `npm test`: makes sure a supported Node.js runs the project
# (installing Node 24 from the npm registry into .tools/ when the system's is older), installs
# dependencies when the lockfile changed, then hands over to scripts/<command>.mjs.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
NODE_VERSION=24.21.0
MIN_MAJOR=22

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt "$MIN_MAJOR" ]; then
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "unsupported OS" >&2; exit 1 ;; esac
  case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported CPU" >&2; exit 1 ;; esac
  NODE_HOME="$ROOT/.tools/node-$NODE_VERSION"
  if [ ! -x "$NODE_HOME/bin/node" ]; then
    echo "› Node.js $(node --version 2>/dev/null || echo none) is too old; installing Node.js $NODE_VERSION into .tools/"
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-$os-$arch@$NODE_VERSION" >/dev/null)
    mkdir -p "$NODE_HOME.partial"
    tar xzf "$tmp"/node-*.tgz -C "$NODE_HOME.partial" --strip-components=1
    rm -rf "$tmp" "$NODE_HOME"
    mv "$NODE_HOME.partial" "$NODE_HOME"
  fi
  export PATH="$NODE_HOME/bin:$PATH"
  export npm_config_nodedir="$NODE_HOME"
fi

# Install dependencies when package-lock.json or a package.json changed since the last install.
stamp="node_modules/.studium-install"
want="$(cat package-lock.json package.json */package.json 2>/dev/null | sha256sum | cut -d' ' -f1)-$(node --version)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "› Installing dependencies"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi

cmd="${1:-start}"
shift || true
exec node "scripts/$cmd.mjs" "$@"
