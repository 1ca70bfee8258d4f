package main

import (
	"fmt"
	"io"
	"net"
	"sync"
)

// tcpRelay forwards bytes between loopback clients and one server; TLS stays end to end.
// resetAll breaks every connection with an RST, as a network blip or load balancer would.
type tcpRelay struct {
	listener net.Listener
	target   string
	mu       sync.Mutex
	conns    map[net.Conn]bool
}

func startRelay(target string) (*tcpRelay, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &tcpRelay{listener: l, target: target, conns: map[net.Conn]bool{}}
	go r.accept(l)
	return r, nil
}

func (r *tcpRelay) port() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.listener.Addr().(*net.TCPAddr).Port
}

func (r *tcpRelay) accept(l net.Listener) {
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

func (r *tcpRelay) track(conns ...net.Conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range conns {
		r.conns[c] = true
	}
}

func (r *tcpRelay) pipe(from, to net.Conn) {
	_, _ = io.Copy(to, from)
	from.Close()
	to.Close()
	r.mu.Lock()
	delete(r.conns, from)
	delete(r.conns, to)
	r.mu.Unlock()
}

// resetAll closes every open connection with linger 0, so the peers get an RST.
func (r *tcpRelay) resetAll() int {
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

// refuseNew stops listening: a client's reconnects are refused, as by a server out of rotation.
func (r *tcpRelay) refuseNew() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.listener.Close()
}

// acceptNew listens again on the same port (after refuseNew).
func (r *tcpRelay) acceptNew() error {
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

func (r *tcpRelay) Close() {
	r.mu.Lock()
	l := r.listener
	r.mu.Unlock()
	l.Close()
	r.resetAll()
}
