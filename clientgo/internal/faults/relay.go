// Package faults breaks a client's connection to the API server on cue, as RelistBenchmark's and
// RestartStormBenchmark's faults need: a loopback TCP relay (the Java side's faults.TcpRelay).
package faults

import (
	"fmt"
	"io"
	"net"
	"sync"
)

// Relay forwards bytes between loopback clients and one server; TLS stays end to end.
// ResetAll breaks every connection with an RST, as a network blip or load balancer would.
type Relay struct {
	listener net.Listener
	target   string
	mu       sync.Mutex
	conns    map[net.Conn]bool
}

// StartRelay listens on a free loopback port and relays each connection to target (host:port).
func StartRelay(target string) (*Relay, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &Relay{listener: l, target: target, conns: map[net.Conn]bool{}}
	go r.accept(l)
	return r, nil
}

// Port is the loopback port the relay listens on.
func (r *Relay) Port() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.listener.Addr().(*net.TCPAddr).Port
}

func (r *Relay) accept(l net.Listener) {
	for {
		in, err := l.Accept()
		if err != nil {
			return
		}
		out, err := net.Dial("tcp", r.target)
		if err != nil {
			in.Close()
			continue
		}
		r.track(in, out)
		go r.pipe(in, out)
		go r.pipe(out, in)
	}
}

func (r *Relay) track(conns ...net.Conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range conns {
		r.conns[c] = true
	}
}

func (r *Relay) pipe(from, to net.Conn) {
	_, _ = io.Copy(to, from)
	from.Close()
	to.Close()
	r.mu.Lock()
	delete(r.conns, from)
	delete(r.conns, to)
	r.mu.Unlock()
}

// ResetAll closes every open connection with linger 0, so the peers get an RST.
func (r *Relay) ResetAll() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for c := range r.conns {
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.SetLinger(0)
		}
		c.Close()
		delete(r.conns, c)
		n++
	}
	return n
}

// RefuseNew stops listening: a client's reconnects are refused, as by a server out of rotation.
func (r *Relay) RefuseNew() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.listener.Close()
}

// AcceptNew listens again on the same port (after RefuseNew).
func (r *Relay) AcceptNew() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	l, err := net.Listen("tcp", r.listener.Addr().String())
	if err != nil {
		return fmt.Errorf("listening on %s again: %w", r.listener.Addr(), err)
	}
	r.listener = l
	go r.accept(l)
	return nil
}

// Close stops listening and resets every open connection.
func (r *Relay) Close() {
	r.mu.Lock()
	l := r.listener
	r.mu.Unlock()
	l.Close()
	r.ResetAll()
}
