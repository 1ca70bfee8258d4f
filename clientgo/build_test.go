package main

import (
	"bytes"
	"crypto/sha256"
	"debug/buildinfo"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// buildScript runs build.sh with the environment's own Go settings (GOFLAGS, GOPROXY, the module
// cache) and env on top; its exit code, stdout and stderr.
func buildScript(t *testing.T, env ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command("bash", "build.sh")
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

// A CLIENTGO_MODULE that is not a k8s.io/client-go module directory is bad input: exit 2, one line
// saying what is accepted, nothing built nor written.
func TestBuildScriptRefusesWhatIsNotAClientGoModule(t *testing.T) {
	home, other := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n\ngo 1.26\n"), 0o644)
	cases := map[string]string{
		other:                          "declares module 'example.com/other'",
		filepath.Join(other, "absent"): "is not a directory",
		t.TempDir():                    "has no go.mod",
		"relative/client-go":           "is not an absolute path",
	}
	for module, want := range cases {
		code, out, errOut := buildScript(t, "INFORMER_BENCH_HOME="+home, "CLIENTGO_MODULE="+module)
		line := strings.TrimSuffix(errOut, "\n")
		if code != 2 || out != "" || strings.Contains(line, "\n") || !strings.HasPrefix(line, "clientgo/build.sh: ") ||
			!strings.Contains(line, want) || !strings.Contains(line, "; accepted: ") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", module, code, out, errOut, want)
		}
	}
	if entries, _ := os.ReadDir(home); len(entries) > 0 {
		t.Errorf("bad input left %s behind", entries[0].Name())
	}
}

// With CLIENTGO_MODULE the program is built against that directory (a copy of the pinned release
// here), into a folder of its own; again when a file of the directory changes, not before; and
// neither clientgo/go.mod, go.sum nor the directory is written.
func TestBuildScriptBuildsAgainstALocalClientGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program (-short)")
	}
	module := copyPinnedClientGo(t)
	home := t.TempDir()
	sums := func() [3][32]byte {
		var s [3][32]byte
		for i, f := range []string{"go.mod", "go.sum", filepath.Join(module, "go.mod")} {
			data, _ := os.ReadFile(f)
			s[i] = sha256.Sum256(data)
		}
		return s
	}
	before := sums()
	build := func(what string) (string, []byte) {
		code, out, errOut := buildScript(t, "INFORMER_BENCH_HOME="+home, "CLIENTGO_MODULE="+module)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", what, code, errOut)
		}
		binary := lines[len(lines)-1]
		if ok, _ := regexp.MatchString(`/target/clientgo-local/[0-9a-f]{12}/informer-bench-go$`, binary); !ok ||
			!strings.HasPrefix(binary, home) {
			t.Fatalf("%s: the last line is %q, not the binary under %s/target/clientgo-local/<key>/", what, binary, home)
		}
		data, err := os.ReadFile(binary)
		if err != nil {
			t.Fatal(err)
		}
		return binary, data
	}
	binary, first := build("the first build")
	info, err := buildinfo.ReadFile(binary)
	if err != nil {
		t.Fatal(err)
	}
	replaced := ""
	for _, d := range info.Deps {
		if d.Path == "k8s.io/client-go" && d.Replace != nil {
			replaced = d.Replace.Path
		}
	}
	if physical, _ := filepath.EvalSymlinks(module); replaced != physical {
		t.Errorf("k8s.io/client-go replaced by %q in the binary, not by %s", replaced, physical)
	}
	stat, _ := os.Stat(binary)
	if again, _ := build("an unchanged directory"); again != binary {
		t.Errorf("built into %s, then %s", binary, again)
	}
	if now, _ := os.Stat(binary); !now.ModTime().Equal(stat.ModTime()) {
		t.Errorf("rebuilt although nothing changed")
	}
	// A string in tools/cache the program links (DeltaFIFO.Replace's error), changed the same way each run
	// so that the build cache has the second build too.
	fifo := filepath.Join(module, "tools", "cache", "delta_fifo.go")
	src, _ := os.ReadFile(fifo)
	const was, is = "couldn't enqueue object: %v", "couldn't enqueue the object: %v"
	if !bytes.Contains(src, []byte(was)) {
		t.Fatalf("%s no longer says %q", fifo, was)
	}
	os.WriteFile(fifo, bytes.Replace(src, []byte(was), []byte(is), 1), 0o644)
	if _, second := build("a changed tools/cache"); bytes.Equal(first, second) || !bytes.Contains(second, []byte(is)) {
		t.Errorf("the binary is not the changed directory's")
	}
	if sums() != before {
		t.Errorf("clientgo/go.mod, go.sum or the directory's go.mod was written")
	}
}

// copyPinnedClientGo copies the k8s.io/client-go go.mod pins out of the module cache, writable.
func copyPinnedClientGo(t *testing.T) string {
	t.Helper()
	mod, _ := os.ReadFile("go.mod")
	version := regexp.MustCompile(`(?m)^\s*k8s\.io/client-go\s+(v\S+)`).FindSubmatch(mod)
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if version == nil || err != nil {
		t.Fatalf("the pinned k8s.io/client-go or the module cache: %v", err)
	}
	src := filepath.Join(strings.TrimSpace(string(cache)), "k8s.io", "client-go@"+string(version[1]))
	if _, err := os.Stat(filepath.Join(src, "go.mod")); err != nil {
		t.Skipf("k8s.io/client-go %s is not in the module cache: %v", version[1], err)
	}
	dst := filepath.Join(t.TempDir(), "client-go")
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err == nil {
			err = os.WriteFile(filepath.Join(dst, rel), data, 0o644)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
