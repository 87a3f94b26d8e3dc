import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { deepMerge, type MessageTree } from './areas';

// Every label and message of the app shell. Messages the spec quotes are word for word
// (/work/shared/spec/messages.txt); es.ts must carry the same keys (tests/web/i18n.test.tsx checks it).
// Pages and resources keep their own messages beside their code, registered when it loads (./areas.ts).
export const shellMessages = {
  app: {
    name: 'Touchline',
    loading: 'Loading…',
    update_available: 'Update available, please click here',
    language: 'Language',
    languages: { en: 'English', es: 'Español' },
    facility: 'Facility',
    all_facilities: 'All facilities',
    scope: 'Showing %{facility}',
    open_menu: 'Open menu',
    /** An empty table. */
    none: 'None',
  },
  contact: {
    child_of: 'child of',
  },
  /** Data values stored in English, shown in the user's language (unknown values show as stored). */
  values: {
    age_groups: { Adult: 'Adult', Youth: 'Youth' },
    genders: { Male: 'Male', Female: 'Female', Boy: 'Boy', Girl: 'Girl', 'Co-Ed': 'Co-ed', Boys: 'Boys', Girls: 'Girls' },
    relations: { Father: 'Father', Mother: 'Mother', Guardian: 'Guardian', Grandparent: 'Grandparent' },
    product_categories: {
      event: 'Event', aux: 'Extra', block: 'Block booking', class: 'Class', rental: 'Field rental', league: 'League', tournament: 'Tournament',
    },
    payment_methods: { cash: 'Cash', check: 'Check', wire: 'Wire', credit: 'Customer credit', card: 'Card', terminal: 'Terminal' },
  },
  menu: {
    calendar: 'Calendar',
    contracts: 'Contracts',
    leagues: 'Leagues & tournaments',
    pickup: 'Pickup',
    classes: 'Classes',
    customers: 'Customers',
    teams: 'Teams',
    invoices: 'Invoices',
    refunds: 'Refunds',
    reporting: 'Reporting',
    referee: 'Referee',
    admin: 'Admin',
    schedule: 'Schedule',
    my_schedule: 'My schedule',
    media: 'Media',
    logout: 'Logout',
  },
  dialog: {
    error_title: 'Error',
    dismiss: 'Dismiss',
    confirm_title: 'Are you sure?',
    confirm: 'Confirm',
    cancel: 'Cancel',
    delete_title: 'Delete',
    delete: 'Delete',
    irreversible: 'this action is irreversible',
  },
  auth: {
    role: 'Role',
    roles: { admin: 'Admin', manager: 'Manager', mod: 'MOD', referee: 'Referee' },
    email: 'Email',
    password: 'Password',
    sign_in: 'Sign In',
    forgot_password: 'Forgot password',
    back_to_login: 'Back to login',
    wrong_credentials: 'Wrong email/password combination',
  },
  signup: {
    title: 'Sign up',
    reset_title: 'Password recover',
    first_name: 'First name',
    last_name: 'Last name',
    email: 'Email',
    phone: 'Phone',
    password: 'Password',
    confirm_password: 'Confirm password',
    show_password: 'Show password',
    hide_password: 'Hide password',
    submit: 'Sign up',
    reset_submit: 'Save password',
    fill_all: 'Please fill out all the fields',
    mismatch: 'Passwords do not match',
    phone_format: 'The phone number must have format: 111-222-3333',
    error: 'Error signing up',
    wrong_link: 'Wrong signup link',
  },
  forgot: {
    title: 'Forgot password',
    email: 'Email',
    submit: 'Send reset link',
    fill_email: 'Please fill out your email',
    sent: 'Please check your email for a link to reset your password',
  },
  admin_home: {
    manage: 'Manage',
    cards: {
      customers: 'Customers',
      discounts: 'Discounts',
      leagues: 'Leagues',
      teams: 'Teams',
      eplayers: 'E-Players',
      invoices: 'Invoices',
      staff: 'Staff',
      scoreboards: 'Scoreboards',
      resources: 'Resources',
      products: 'Products',
    },
  },
  /** The broadcast e-mail dialog (spec 3 §2.12, §8) and the broadcasts a page sent. */
  broadcast: {
    button: 'Broadcast message',
    title: 'Broadcast message',
    title_class: 'Broadcast message to class',
    send_to: 'Send to',
    to_players: 'All players',
    to_captains: 'Captains only',
    to_captain: 'The captain only',
    subject: 'Subject',
    bcc: 'BCC (comma separated)',
    no_source: 'Send the broadcast from a league, team or class page of your facility',
    reply_to: 'Reply to (comma separated)',
    sender: 'Sender Name',
    body: 'Message',
    send: 'Send',
    count: '%{smart_count} person will receive this message |||| %{smart_count} people will receive this message',
    counting: 'Counting recipients…',
    unsubscribed: '%{smart_count} unsubscribed customer is left out |||| %{smart_count} unsubscribed customers are left out',
    invalid: 'Not an e-mail address: %{list}',
    required: 'Please fill out all the fields',
    confirm_title: 'Send broadcast',
    confirm: {
      captains: 'send this message to all captains',
      players: 'send this message to all players',
      captain: 'send this message to the captain',
      participants: 'send this message to all participants',
    },
    sent: 'Broadcast message sent',
    list_title: 'Broadcasts',
    none: 'No broadcast sent yet',
    columns: { subject: 'Subject', date: 'Date', recipients: 'Recipients', sent: 'Sent', failed: 'Failed' },
  },
  referee: {
    title: 'Referee app',
    intro: 'Your matches and assignments are in the referee mobile app.',
    app_store: 'Download on the App Store',
    play_store: 'Get it on Google Play',
    my_schedule: 'See my schedule here',
  },
  /** An address the role may not open (the route guard): said, with a way back. */
  access_denied: {
    title: "You don't have access to this page",
    text: 'This page is not open to your role. If you need it, ask an admin or your manager.',
    back: 'Back',
    home: 'Go to the calendar',
  },
  page: {
    admin: 'Admin',
    calendar: 'Calendar',
    event: 'Event',
    customers: 'Customers',
    customer: 'Customer',
    products: 'Products',
    leagues: 'Leagues & tournaments',
    league: 'League',
    tournament: 'Tournament',
    teams: 'Teams',
    team: 'Team',
    invoices: 'Invoices',
    invoice: 'Invoice',
    refunds: 'Refunds',
    reporting: 'Reporting',
    reports: {
      sales: 'Sales',
      events: 'Events',
      payments: 'Payments',
      health: 'Health',
      daily: 'Daily',
      outstanding: 'Outstanding',
      teams: 'Teams',
      reconciliation: 'Reconciliation',
      cameras: 'Cameras',
      trials: 'Trials',
    },
    contracts: 'Contracts',
    contract: 'Contract',
    discounts: 'Discounts',
    staff: 'Staff',
    pickup: 'Pickup',
    pickup_session: 'Pickup session',
    referee: 'Referee',
    classes: 'Classes',
    class: 'Class',
    new_products: 'Products',
    new_product: 'Product',
    schedule: 'Schedule',
    eplayer: 'E-Players',
    scoreboards: 'Scoreboards',
  },
  resources_page: {
    add_new: 'Add new',
    add_title: 'Add new %{name}',
    edit_title: 'Edit %{name}',
    unknown_tab: 'There is no "%{tab}" tab here; please pick one of the tabs above.',
  },
  /** react-admin's resource labels: resources.<name>.name ('one |||| many') and .fields.<source>. */
  resources: {
    taxes: { name: 'Tax |||| Taxes', fields: { name: 'Name', value: 'Value' } },
    fees: { name: 'Fee |||| Fees', fields: { name: 'Name', value: 'Value' } },
    // Here, not with the product screens: the /resources tab names it before its chunk loads (not "NEWPRODUCTS").
    newproduct: { name: 'Product |||| Products' },
  },
};

/** The shape every language must have: the same keys, strings at the leaves. */
export type ShellMessages = typeof shellMessages;

/** react-admin's default texts in words a front desk reads (issue 8 item 15); es.ts has the same keys. */
export const raWording = {
  ra: {
    notification: {
      created: 'Saved',
      updated: 'Changes saved |||| %{smart_count} records updated',
      deleted: 'Deleted |||| %{smart_count} records deleted',
      item_doesnt_exist: 'This record no longer exists',
    },
    navigation: {
      no_results: 'Nothing to show here yet',
      no_filtered_results: 'Nothing matches the current filters',
    },
    page: {
      empty: 'Nothing here yet',
      not_found: 'Page not found',
    },
    message: {
      // No closing period: react-admin's NotFound adds one.
      not_found: 'There is no page at this address. Check the link, or go back to the previous page',
    },
  },
};

export const en = deepMerge({ ...englishMessages, ...shellMessages } as MessageTree, raWording) as TranslationMessages;
