/**
 * The Python program of one warm converter, run as `python -c <this> <soffice> <pipe name> <profile URL>` in the
 * sandbox (converters.ts). It starts LibreOffice listening on a named pipe (a Unix socket in /tmp that only its user
 * may connect to: the network namespace has no interface, so a TCP port is not an option and not wanted), connects
 * to it through the Python-UNO bridge and then converts one job per line of its standard input:
 *
 *   in:  {"id": 1, "input": "/…/document.docx", "output": "/…/document.pdf"}
 *   out: {"ready": true, "pid": <soffice pid>} once, then {"id": 1, "ok": true} or {"id": 1, "ok": false, "error": "…"}
 *
 * It exits, killing its whole process group (LibreOffice included), when LibreOffice dies (code 3), when LibreOffice
 * does not listen within the start limit (code 4) or when its standard input closes (the server closed it or died):
 * a converter never outlives the server. Documents are opened hidden, read-only, without updating links and with
 * macros never run (MacroExecutionMode NEVER_EXECUTE).
 */
export const WARM_HELPER = String.raw`
import json, os, signal, subprocess, sys, threading, time
import uno
from com.sun.star.beans import PropertyValue

soffice, pipe, profile, start_ms = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

leaving = threading.Lock()

def leave(code):
    # Every other process of the group (oosplash, soffice.bin) killed and reaped (this process is their subreaper),
    # so none is left behind, not even as a zombie; then this one.
    if not leaving.acquire(False):
        time.sleep(60)
    try:
        sys.stdout.flush()
    except Exception:
        pass
    try:
        me, group = os.getpid(), os.getpgid(0)
        for name in os.listdir("/proc"):
            if name.isdigit() and int(name) != me:
                try:
                    with open("/proc/" + name + "/stat") as f:
                        stat = f.read()
                    if int(stat[stat.rindex(")") + 2:].split()[2]) == group:
                        os.kill(int(name), signal.SIGKILL)
                except Exception:
                    pass
        deadline = time.time() + 2
        while time.time() < deadline:
            try:
                if os.waitpid(-1, os.WNOHANG)[0] == 0:
                    time.sleep(0.02)
            except ChildProcessError:
                break
    except Exception:
        pass
    try:
        os.killpg(0, signal.SIGKILL)
    finally:
        os._exit(code)

# SIGTERM (the server stopping this converter) handled by a thread of its own, even while a call into LibreOffice
# blocks the main thread; every thread started from here on has it blocked.
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
def on_term():
    signal.sigwait({signal.SIGTERM})
    leave(0)
threading.Thread(target=on_term, daemon=True).start()
try:
    import ctypes
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
except Exception:
    pass

def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()

office = subprocess.Popen([soffice, "-env:UserInstallation=" + profile, "--headless", "--invisible", "--nologo",
    "--norestore", "--nolockcheck", "--nodefault", "--accept=pipe,name=" + pipe + ";urp;StarOffice.ComponentContext"],
    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def watch():
    office.wait()
    leave(3)
threading.Thread(target=watch, daemon=True).start()

local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
deadline = time.time() + start_ms / 1000.0
while True:
    try:
        remote = resolver.resolve("uno:pipe,name=" + pipe + ";urp;StarOffice.ComponentContext")
        break
    except Exception:
        if time.time() > deadline:
            leave(4)
        time.sleep(0.05)
desktop = remote.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", remote)

def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p

LOAD = (prop("Hidden", True), prop("ReadOnly", True), prop("UpdateDocMode", 0), prop("MacroExecutionMode", 0))
STORE = (prop("FilterName", "writer_pdf_Export"),)

say({"ready": True, "pid": office.pid})
for line in sys.stdin:
    job = json.loads(line)
    try:
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(job["input"]), "_blank", 0, LOAD)
        if doc is None:
            raise Exception("the document could not be opened")
        try:
            doc.storeToURL(uno.systemPathToFileUrl(job["output"]), STORE)
        finally:
            doc.close(True)
        say({"id": job["id"], "ok": True})
    except Exception as e:
        # LibreOffice gone under the call (killed, crashed): the converter is lost, not the document at fault.
        # Asked again: a converter that cannot answer a trivial call is lost.
        try:
            desktop.getCurrentComponent()
            lost = office.poll() is not None
        except Exception:
            lost = True
        if lost:
            leave(3)
        say({"id": job["id"], "ok": False, "error": str(e)[:500]})
leave(0)
`;
