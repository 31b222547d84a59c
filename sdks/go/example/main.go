// Signs in like the launcher, then exchanges the code like a game server.
//
//	PORTAL_URL=http://localhost:3000 CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' \
//	CALIBER_SERVER_KEY=gsk_caliber_... go run ./example        (CALIBER_PIN=1234 signs in by PIN)
package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	portalsdk "example.com/caliber/portalsdk"
)

func main() {
	base := os.Getenv("PORTAL_URL")
	if base == "" {
		base = "http://localhost:3000"
	}
	ctx := context.Background()
	launcher := &portalsdk.LauncherClient{BaseURL: base, Developer: os.Getenv("CALIBER_DEVELOPER") == "true"}
	var redirect, code string
	var err error
	if pin := os.Getenv("CALIBER_PIN"); pin != "" {
		redirect, code, err = launcher.LoginWithPin(ctx, os.Getenv("CALIBER_EMAIL"), pin)
	} else {
		redirect, code, err = launcher.LoginWithPassword(ctx, os.Getenv("CALIBER_EMAIL"), os.Getenv("CALIBER_PASSWORD"))
	}
	var refused *portalsdk.LoginError
	if errors.As(err, &refused) {
		fmt.Fprintf(os.Stderr, "sign-in refused (%s): %s\n", refused.Code, refused.Message)
		os.Exit(1)
	} else if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("launcher redirect:", redirect)
	key := os.Getenv("CALIBER_SERVER_KEY")
	if key == "" {
		fmt.Println("set CALIBER_SERVER_KEY to exchange the code as the game server would")
		return
	}
	player, err := (&portalsdk.GameServer{BaseURL: base, ServerKey: key}).ExchangeCode(ctx, code)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("player: %+v\n", *player)
}
