package main

import (
	"bytes"
	"compress/gzip"
	"testing"
)

func TestPaddingIsItsSizeSeededAndIncompressible(t *testing.T) {
	p := padding(3, 100)
	if len(p) != 100*1024 || p != padding(3, 100) || p == padding(4, 100) {
		t.Fatalf("padding(3, 100): %d characters, not seeded or not per object", len(p))
	}
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	gz.Write([]byte(p))
	gz.Close()
	if buf.Len() < len(p)*7/10 {
		t.Fatalf("gzip shrank 100 KiB of padding to %d bytes: the wire would cost the server nothing", buf.Len())
	}
}

func TestObjectKiBIsRefusedBeyondAConfigMapsLimit(t *testing.T) {
	for v, ok := range map[string]bool{"0": true, "900": true, "901": false, "-1": false, "x": false} {
		if err := kibibytes(v); (err == nil) != ok {
			t.Errorf("kibibytes(%q) = %v", v, err)
		}
	}
}
