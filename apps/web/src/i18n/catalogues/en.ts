/** English. Every catalogue has exactly these keys (checked by catalogues.spec.ts). */
const en = {
  ra: {
    action: {
      add: 'Add', add_filter: 'Add filter', back: 'Go Back', bulk_actions: '{{smart_count}} selected', cancel: 'Cancel',
      clear_input_value: 'Clear value', clone: 'Clone', confirm: 'Confirm', create: 'Create', delete: 'Delete', edit: 'Edit',
      export: 'Export', list: 'List', refresh: 'Refresh', remove_filter: 'Remove this filter', remove: 'Remove', save: 'Save',
      search: 'Search', select_all: 'Select all', select_row: 'Select this row', show: 'Show', sort: 'Sort', undo: 'Undo',
      unselect: 'Unselect', expand: 'Expand', close: 'Close', open_menu: 'Open menu', close_menu: 'Close menu', update: 'Update',
      move_up: 'Move up', move_down: 'Move down', open: 'Open', reset: 'Reset',
    },
    boolean: { true: 'Yes', false: 'No', null: ' ' },
    page: {
      create: 'Create {{name}}', dashboard: 'Dashboard', edit: '{{name}} {{recordRepresentation}}', error: 'Something went wrong',
      list: '{{name}}', loading: 'Loading', not_found: 'Not Found', show: '{{name}} {{recordRepresentation}}', empty: 'No {{name}} yet.',
      invite: 'Do you want to add one?', access_denied: 'Access denied', authentication_error: 'Authentication error',
    },
    input: { password: { toggle_visible: 'Hide password', toggle_hidden: 'Show password' } },
    message: {
      about: 'About', are_you_sure: 'Are you sure?', auth_error: 'An error occurred while validating the authentication token.',
      bulk_delete_content: 'Are you sure you want to delete these {{smart_count}} items?', bulk_delete_title: 'Delete {{smart_count}} {{name}}',
      delete_content: 'Are you sure you want to delete this {{name}}?', delete_title: 'Delete {{name}} {{recordRepresentation}}',
      details: 'Details', error: 'A client error occurred and your request could not be completed.',
      invalid_form: 'The form is not valid. Please check for errors', loading: 'Please wait', no: 'No',
      not_found: 'Either you typed a wrong URL, or you followed a bad link.', yes: 'Yes',
      unsaved_changes: "Some of your changes weren't saved. Are you sure you want to ignore them?",
      access_denied: "You don't have the right permissions to access this page",
      authentication_error: 'The authentication server returned an error and your credentials could not be checked.',
    },
    navigation: {
      no_results: 'No {{name}} found', no_more_results: 'The page number {{page}} is out of boundaries. Try the previous page.',
      page_out_of_boundaries: 'Page number {{page}} out of boundaries', page_out_from_end: 'Cannot go after last page',
      page_out_from_begin: 'Cannot go before page 1', page_range_info: '{{offsetBegin}}-{{offsetEnd}} of {{total}}',
      partial_page_range_info: '{{offsetBegin}}-{{offsetEnd}} of more than {{offsetEnd}}', current_page: 'Page {{page}}',
      page: 'Go to page {{page}}', first: 'Go to first page', last: 'Go to last page', next: 'Go to next page',
      previous: 'Go to previous page', page_rows_per_page: 'Rows per page:', skip_nav: 'Skip to content',
    },
    sort: { sort_by: 'Sort by {{field}} {{order}}', ASC: 'ascending', DESC: 'descending' },
    auth: {
      auth_check_error: 'Please login to continue', user_menu: 'Profile', username: 'Username', password: 'Password',
      email: 'Email', sign_in: 'Sign in', sign_in_error: 'Authentication failed, please retry', logout: 'Logout',
    },
    notification: {
      updated: 'Element updated', created: 'Element created', deleted: 'Element deleted', bad_item: 'Incorrect element',
      item_doesnt_exist: 'Element does not exist', http_error: 'Server communication error',
      data_provider_error: 'dataProvider error. Check the console for details.', i18n_error: 'Cannot load the translations for the specified language',
      canceled: 'Action cancelled', logged_out: 'Your session has ended, please reconnect.',
      not_authorized: "You're not authorized to access this resource.", offline: 'No connectivity. Could not fetch data.',
    },
    validation: {
      required: 'Required', minLength: 'Must be {{min}} characters at least', maxLength: 'Must be {{max}} characters or less',
      minValue: 'Must be at least {{min}}', maxValue: 'Must be {{max}} or less', number: 'Must be a number',
      email: 'Must be a valid email', oneOf: 'Must be one of: {{options}}', regex: 'Must match a specific format (regexp): {{pattern}}',
      unique: 'Must be unique',
    },
  },
  app: {
    name: 'Tabour',
    language: 'Language',
    loading: 'Loading…',
    toast: {
      successful: 'SUCCESSFUL', sorry: 'Sorry!', saved: 'Your changes have been saved', created: 'Created successfully',
      deleted: 'Deleted successfully', order_saved: 'The order has been saved',
    },
    menu: {
      dashboard: 'Dashboard', activity: 'Activity', profile: 'Profile', settings: 'Settings', business: 'Business information',
      departments: 'Departments', services: 'Services', team: 'Team', holidays: 'Holidays', logout: 'Logout',
    },
    auth: {
      title: 'Sign in to your account', email: 'Email', password: 'Password', captcha: 'Security code',
      captcha_alt: 'Security code picture', captcha_refresh: 'Show another code', login: 'Log in',
      no_account: 'No account yet?', register_link: 'Register your business', forgot_link: 'Forgot your password?',
      from_register: 'Your account has been created. Once it is approved you can log in.',
      failed: 'Email and Password do not match our records', back_to_login: 'Back to login',
    },
    register: {
      title: 'Register your business', business_name: 'Business name', first_name: 'First name', last_name: 'Last name',
      email: 'Email', phone: 'Phone number', country: 'Country', password: 'Password', password_confirmation: 'Confirm password',
      terms: 'I accept the Terms and Conditions', terms_required: 'You MUST accept our Terms and Conditions',
      password_mismatch: 'Password confirm does not match', submit: 'Register', failed: 'Cannot register',
      have_account: 'Already registered?',
    },
    password: {
      hint: 'At least 8 characters with lowercase, uppercase, digit and special character',
      weak: 'The password needs at least 8 characters with lowercase, uppercase, digit and special character',
      forgot_title: 'Forgot your password?', forgot_intro: 'Enter your email: we will send you a reset code.',
      send_code: 'Send the code', code_sent: 'If an account uses this email, a reset code has been sent to it',
      reset_title: 'Choose a new password', code: 'Reset code', new_password: 'New password', confirm: 'Confirm the new password',
      reset_submit: 'Change my password', reset_done: 'Your password has been changed, you can log in now',
      reset_failed: 'email and reset code do not match', have_code: 'I have a code',
    },
    pages: {
      privacy_title: 'Privacy policy',
      privacy_body: 'We keep the data your business enters only to run your waiting lists and bookings. We never sell it. You can export or delete your data at any time from the settings.',
      terms_title: 'Terms and Conditions',
      terms_body: 'By using this service you agree to use it lawfully, to keep your credentials secret and to respect the privacy of your customers.',
      not_found_title: 'Error 404', not_found_body: 'The page you are looking for does not exist.', go_home: 'Go to the home page',
      denied_title: 'Access denied', denied_body: 'Your role does not allow you to open this page.',
      upgrade: 'You must upgrade your account to get access to this functionality',
    },
    dashboard: {
      welcome: 'Welcome, {{name}}!', intro: 'Set up your account in a few steps, so your team can start serving customers.',
      quick_setup: 'Quick account setup', step_business: 'Business information', step_departments: 'Departments',
      step_services: 'Services', step_team: 'Team', later: 'Do it later', resume: 'Show the account setup',
      hello: 'Hello {{name}}, here is your business {{business}}.',
    },
    profile: {
      title: 'My profile', account: 'Account', first_name: 'First name', last_name: 'Last name', email: 'Email', phone: 'Phone number',
      language: 'Preferred language', password_title: 'Change my password', current_password: 'Current password',
      new_password: 'New password', confirm: 'Confirm the new password', save: 'Save', change_password: 'Change password',
    },
    business: {
      title: 'Business information', basic: 'Basic information', location: 'Location', working_days: 'Working days',
      translations: 'Translations', booking: 'Booking confirmation', name: 'Business name', industry: 'Industry',
      country: 'Country', city: 'City', address: 'Address', postal_code: 'Postal code', phone: 'Phone', email: 'Email',
      sms_sender_name: 'SMS sender name', time_zone: 'Time zone', slot_minutes: 'Slot length (minutes)',
      booking_days_limit: 'Bookings allowed up to (days ahead)', booking_confirmation: 'Bookings need a confirmation',
      published: 'Published', lat: 'Latitude', lng: 'Longitude', open: 'Open', closed: 'Closed', from: 'From', to: 'To',
      add_range: 'Add hours', remove_range: 'Remove hours', translation_name: 'Name', translation_description: 'Description',
      days_invalid: 'Number of days is invalid',
    },
    days: { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' },
    services: {
      reorder: 'Reorder', reorder_title: 'Order of the services', reorder_hint: 'Drag the services into the order customers see (USSD order).',
      save_order: 'Save the order', drag: 'Drag to move', sub_services: 'Sub-services', parent: 'Parent service', none: 'None',
      minutes: 'minutes', seconds: 'seconds',
    },
    team: { positions: { Admin: 'Admin', CEO: 'CEO', Employee: 'Employee', 'Front Desk': 'Front Desk', Manager: 'Manager', Other: 'Other', Secretary: 'Secretary' } },
    holidays: {
      types: { vacation: 'Vacation', holiday: 'Holiday', other: 'Other' },
      scopes: { agency: 'The whole business', me: 'Me', members: 'Team members' },
      statuses: { pending: 'Pending', approved: 'Approved', declined: 'Declined' },
    },
    errors: {
      bad_credentials: 'Email and Password do not match our records', captcha_required: 'You MUST proove that you are human',
      captcha_incorrect: 'Incorrect security code', email_taken: 'Email is invalid or used by another account',
      weak_password: 'The password needs at least 8 characters with lowercase, uppercase, digit and special character',
      wrong_password: 'The current password is not right', reset_mismatch: 'email and reset code do not match',
      plan_required: 'You must upgrade your account to get access to this functionality',
      has_sub_services: 'This service has sub-services: move or delete them first',
      concurrency: 'The record was changed at the same time by someone else, try again',
      internal: 'Something went wrong on our side, please try again', not_found: 'No data found',
      awaiting_approval: 'Your account is awaiting approval',
    },
    activity: {
      title: 'Activity', who: 'Who', what: 'What', when: 'When', record: 'Record', from: 'From', to: 'To', type: 'Event type',
      actors: { user: 'User', system: 'System', kiosk: 'Kiosk', display: 'Display', customer: 'Customer' },
    },
  },
  resources: {
    'settings/departments': {
      name: 'Departments', name_one: 'Department',
      fields: {
        name: 'Name', primary_color: 'Primary colour', secondary_color: 'Secondary colour', text_color: 'Text colour',
        slot_duration: 'Slot length (minutes)', max_bookings_per_slot: 'Bookings per slot', max_daily_bookings: 'Bookings per day',
        can_select_member: 'Customers may choose a team member', must_select_member: 'Customers must choose a team member',
        service_ids: 'Services', services: 'Services', created_at: 'Created',
      },
    },
    'settings/services': {
      name: 'Services', name_one: 'Service',
      fields: {
        name: 'Name', price: 'Price', duration: 'Duration', duration_unit: 'Unit', category: 'Category', parent_id: 'Parent service',
        ussd_order: 'Order', sub_services: 'Sub-services', created_at: 'Created',
      },
    },
    'settings/team': {
      name: 'Team', name_one: 'Team member',
      fields: {
        first_name: 'First name', last_name: 'Last name', name: 'Name', email: 'Email', phone: 'Phone', position: 'Position',
        role: 'Role', department_id: 'Department', department_name: 'Department', is_bookable: 'Bookable',
        member_since: 'Member since', working_days: 'Working days',
      },
    },
    'settings/holidays': {
      name: 'Holidays', name_one: 'Holiday',
      fields: {
        type: 'Type', scope: 'For', member_ids: 'Team members', reason: 'Reason', start_date: 'First day', end_date: 'Last day',
        status: 'Status', created_at: 'Created',
      },
    },
    activity: { name: 'Activity', name_one: 'Activity', fields: { type: 'What', actor: 'Who', recorded_at: 'When', stream_id: 'Record', from: 'From', to: 'To' } },
  },
};

export default en;

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Catalogue = Strings<typeof en>;
