// Word lists the demo draws its people and teams from.

export const ADULT_FIRST_NAMES = {
  Male: ['James', 'Luis', 'Marcus', 'Daniel', 'Kwame', 'Mateo', 'Ethan', 'Omar', 'Diego', 'Noah', 'Hiro', 'Samuel',
    'Andre', 'Carlos', 'Liam', 'Ivan', 'Tomás', 'Yusuf', 'Patrick', 'Rafael', 'Kenji', 'Malik', 'Owen', 'Arjun'],
  Female: ['Sofia', 'Maria', 'Aisha', 'Emma', 'Chloe', 'Priya', 'Lucia', 'Grace', 'Fatima', 'Olivia', 'Mei', 'Zoe',
    'Camila', 'Hannah', 'Nadia', 'Isabel', 'Keiko', 'Amara', 'Elena', 'Rosa', 'Leah', 'Valentina', 'Ingrid', 'Tara'],
} as const;

export const KID_FIRST_NAMES = {
  Boy: ['Leo', 'Max', 'Eli', 'Jayden', 'Santi', 'Kai', 'Milo', 'Theo', 'Dante', 'Ravi', 'Finn', 'Gabe', 'Nico', 'Axel'],
  Girl: ['Mia', 'Ava', 'Luna', 'Ella', 'Nora', 'Isla', 'Zara', 'Ivy', 'Lila', 'Maya', 'Ruby', 'Aria', 'Nina', 'Jade'],
} as const;

export const LAST_NAMES = ['Garcia', 'Smith', 'Okafor', 'Nguyen', 'Rossi', 'Kim', 'Silva', 'Johnson', 'Haddad', 'Müller',
  'Patel', 'Cohen', 'Santos', 'Williams', 'Tanaka', 'Brown', 'Lopez', 'Mensah', 'Novak', "O'Brien", 'Kowalski', 'Ahmed',
  'Fernandez', 'Davis', 'Rivera', 'Chen', 'Murphy', 'Costa', 'Ibrahim', 'Jensen', 'Morales', 'Walker', 'Dubois', 'Singh',
  'Reyes', 'Wilson', 'Castillo', 'Yamamoto', 'Petrov', 'Adeyemi'];

export const STREETS = ['Maple Ave', 'Oak St', 'Park Pl', 'Broadway', 'Elm St', 'Sunset Blvd', 'Main St', 'Lakeview Dr',
  'Cedar Ln', 'Hillside Ave', 'Ocean Pkwy', 'Grand St', 'Washington Ave', 'Pine St', 'Union St', 'River Rd'];

export const TEAM_ADJECTIVES = ['Red', 'Blue', 'Golden', 'Flying', 'Mighty', 'Electric', 'Royal', 'Iron', 'Wild', 'Silver',
  'Atomic', 'Thunder', 'Midnight', 'Crimson', 'Rapid', 'Lucky'];
export const TEAM_NOUNS = ['Lions', 'Hawks', 'Sharks', 'Rovers', 'United', 'Strikers', 'Wolves', 'Dragons', 'Comets',
  'Rangers', 'Titans', 'Falcons', 'Bulldogs', 'Pirates', 'Foxes', 'Owls'];

/** Nine colours for teams and leagues. */
export const COLORS = ['#f44336', '#3f51b5', '#4caf50', '#ff9800', '#9c27b0', '#00bcd4', '#795548', '#e91e63', '#607d8b'];
