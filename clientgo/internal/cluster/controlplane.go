package cluster

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// ChildControlPlane is a private local control plane that a benchmark may restart (Relist's
// APISERVER_RESTART), run by the harness's class path in a child process (its PrivateControlPlane main,
// named by the runner): one line each way on its standard streams. It prints "kubeconfig PATH",
// "server URL" and "ready"; "restart" restarts kube-apiserver with etcd compacted and is answered
// "restarted NANOS"; end of input stops it, so it dies with this process.
type ChildControlPlane struct {
	cmd        *exec.Cmd
	in         io.WriteCloser
	out        *bufio.Reader
	kubeconfig string
	server     string
}

// ChildCommand is what runs a private control plane: the harness's class path and main class, the
// java that runs them ("": java on the PATH), and the project home and Kubernetes release it needs
// ("": the child's defaults).
type ChildCommand struct {
	Classpath, Main, Java, Home, KubeVersion string
}

// StartChildControlPlane starts one and waits until it is ready.
func StartChildControlPlane(s ChildCommand) (*ChildControlPlane, error) {
	if s.Classpath == "" || s.Main == "" {
		return nil, fmt.Errorf("a private control plane needs -Dinformerbench.controlPlaneClasspath and " +
			"-Dinformerbench.controlPlaneMain (the runner sets them)")
	}
	java := s.Java
	if java == "" {
		java = "java"
	}
	var args []string
	for name, value := range map[string]string{"home": s.Home, "kubeVersion": s.KubeVersion} {
		if value != "" {
			args = append(args, "-Dinformerbench."+name+"="+value)
		}
	}
	cmd := exec.Command(java, append(args, "-cp", s.Classpath, s.Main)...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the private control plane: %w", err)
	}
	c := &ChildControlPlane{cmd: cmd, in: in, out: bufio.NewReader(stdout)}
	for {
		line, err := c.line()
		switch {
		case err != nil:
			c.Close()
			return nil, fmt.Errorf("the private control plane ended before it was ready (its output is above)")
		case line == "ready" && c.kubeconfig != "" && c.server != "":
			return c, nil
		case strings.HasPrefix(line, "kubeconfig "):
			c.kubeconfig = strings.TrimPrefix(line, "kubeconfig ")
		case strings.HasPrefix(line, "server "):
			c.server = strings.TrimPrefix(line, "server ")
		case strings.HasPrefix(line, "error "):
			c.Close()
			return nil, fmt.Errorf("the private control plane did not start: %s", strings.TrimPrefix(line, "error "))
		}
	}
}

func (c *ChildControlPlane) line() (string, error) {
	line, err := c.out.ReadString('\n')
	return strings.TrimRight(line, "\r\n"), err
}

// Kubeconfig is the path of the private control plane's kubeconfig.
func (c *ChildControlPlane) Kubeconfig() string { return c.kubeconfig }

// RestartCompacted stops kube-apiserver, compacts etcd, starts it again; returns the outage.
func (c *ChildControlPlane) RestartCompacted() (time.Duration, error) {
	if _, err := io.WriteString(c.in, "restart\n"); err != nil {
		return 0, err
	}
	line, err := c.line()
	nanos, perr := strconv.ParseInt(strings.TrimPrefix(line, "restarted "), 10, 64)
	if err != nil || !strings.HasPrefix(line, "restarted ") || perr != nil {
		return 0, fmt.Errorf("the private control plane did not restart: %q", line)
	}
	return time.Duration(nanos), nil
}

// Close ends the child's input (it stops its control plane and exits); killed after 30 s.
func (c *ChildControlPlane) Close() {
	c.in.Close()
	done := make(chan struct{})
	go func() {
		_ = c.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = c.cmd.Process.Kill()
	}
}
