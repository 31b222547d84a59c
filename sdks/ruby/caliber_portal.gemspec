# frozen_string_literal: true

Gem::Specification.new do |spec|
  spec.name = 'caliber_portal'
  spec.version = '1.3.0'
  spec.summary = 'Games Portal SDK: Caliber launcher login, entitlements, reports and player standing, signed webhooks'
  spec.authors = ['Games Portal']
  spec.license = 'MIT'
  spec.files = ['lib/caliber_portal.rb']
  spec.required_ruby_version = '>= 3.0'
end
