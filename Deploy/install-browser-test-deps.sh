#!/usr/bin/env bash
# Makes sure what the real-browser tests (Tests/Browser) need is present: Debian's chromium and
# chromedriver, WebKitGTK's WebKitWebDriver and MiniBrowser (webkit2gtk-driver) with Xvfb to show it,
# firefox-esr (driven through its own Marionette by Tests/Browser/firefox_bridge.py: Debian has no geckodriver),
# zbar (to decode the pages' QR codes), and the Python packages pytest, selenium, websocket-client,
# qrcode, pyzbar and pillow, lti1p3platform (a real LTI 1.3 platform, for Tests/LTI), and
# axe-playwright-python for the axe.min.js it carries (axe-core, run in the pages by the tests; installed
# without Playwright, which the tests do not use). Installs what is
# missing (apt-get as root, pip); otherwise prints the exact commands to run.
set -euo pipefail

apt_packages=(chromium chromium-driver webkit2gtk-driver xvfb firefox-esr libzbar0)
python_packages=(pytest selenium websocket-client qrcode pyzbar pillow lti1p3platform)
python_modules=(pytest selenium websocket qrcode pyzbar PIL lti1p3platform)

missing_apt=()
command -v chromium >/dev/null 2>&1 || missing_apt+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing_apt+=(chromium-driver)
command -v WebKitWebDriver >/dev/null 2>&1 || missing_apt+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing_apt+=(xvfb)
command -v firefox-esr >/dev/null 2>&1 || missing_apt+=(firefox-esr)
if ! ldconfig -p 2>/dev/null | grep -q 'libzbar\.so\.0'; then
    missing_apt+=(libzbar0)
fi
missing_pip=()
for i in "${!python_modules[@]}"; do
    python3 -c "import ${python_modules[$i]}" >/dev/null 2>&1 || missing_pip+=("${python_packages[$i]}")
done

if [ ${#missing_apt[@]} -gt 0 ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "The browser tests need ${missing_apt[*]} (chromium, WebKitGTK's WebDriver, Xvfb, Firefox ESR, their drivers and zbar); install them with your package manager." >&2
        exit 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "The browser tests need ${missing_apt[*]}. Run this once, then try again:" >&2
        echo "    sudo apt-get update && sudo apt-get install -y ${apt_packages[*]}" >&2
        exit 1
    fi
    echo "Installing ${missing_apt[*]} with apt-get..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing_apt[@]}" >/dev/null
fi
# Only its axe.min.js is used: looked for as a file, since importing the package needs Playwright.
if ! python3 -c "import importlib.util, pathlib, sys; spec = importlib.util.find_spec('axe_playwright_python'); sys.exit(0 if spec and (pathlib.Path(spec.origin).parent / 'axe.min.js').exists() else 1)" >/dev/null 2>&1; then
    echo "Installing axe-playwright-python (for its axe.min.js) with pip..."
    python3 -m pip install -q --no-deps axe-playwright-python || {
        echo "pip could not install axe-playwright-python. Run: python3 -m pip install --no-deps axe-playwright-python" >&2
        exit 1
    }
fi
if [ ${#missing_pip[@]} -gt 0 ]; then
    echo "Installing ${missing_pip[*]} with pip..."
    python3 -m pip install -q "${missing_pip[@]}" || {
        echo "pip could not install ${missing_pip[*]}. Run: python3 -m pip install ${missing_pip[*]}" >&2
        exit 1
    }
fi
