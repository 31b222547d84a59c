# frozen_string_literal: true

# Signs in like the launcher, then exchanges the code like a game server.
# PORTAL_URL=http://localhost:3000 CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' \
# CALIBER_SERVER_KEY=gsk_caliber_... ruby example.rb          (CALIBER_PIN=1234 signs in by PIN)
require_relative 'lib/caliber_portal'

base = ENV.fetch('PORTAL_URL', 'http://localhost:3000')
launcher = CaliberPortal::LauncherClient.new(base, developer: ENV['CALIBER_DEVELOPER'] == 'true')
begin
  result = if ENV['CALIBER_PIN'] && !ENV['CALIBER_PIN'].empty?
             launcher.login_with_pin(ENV.fetch('CALIBER_EMAIL'), ENV['CALIBER_PIN'])
           else
             launcher.login_with_password(ENV.fetch('CALIBER_EMAIL'), ENV.fetch('CALIBER_PASSWORD'))
           end
rescue CaliberPortal::LoginError => e
  warn "sign-in refused (#{e.code}): #{e.message}"
  exit 1
end
puts "launcher redirect: #{result[:redirect_url]}"
key = ENV['CALIBER_SERVER_KEY']
if key.nil? || key.empty?
  puts 'set CALIBER_SERVER_KEY to exchange the code as the game server would'
else
  puts "player: #{CaliberPortal::GameServer.new(base, key).exchange_code(result[:code])}"
end
